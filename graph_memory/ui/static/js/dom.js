// Building the page from data without innerHTML: every text goes in as text.

/** h("a", {href: "#x", class: "c"}, "text", child...): an element. `on*` attrs add listeners. */
export function h(tag, attrs = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith("on") && typeof value === "function") {
      element.addEventListener(name.slice(2), value);
    } else if (name === "dataset") {
      Object.assign(element.dataset, value);
    } else {
      element.setAttribute(name, value === true ? "" : String(value));
    }
  }
  append(element, children);
  return element;
}

function append(element, children) {
  for (const child of children.flat(Infinity)) {
    if (child === undefined || child === null || child === false) continue;
    element.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** Replace the children of `element`. */
export function fill(element, ...children) {
  element.replaceChildren();
  append(element, children);
  return element;
}

export function when(value) {
  if (!value) return "";
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? String(value) : date.toISOString().replace("T", " ").slice(0, 16) + " UTC";
}

export function statusBadge(status, needsConfirmation = false) {
  return h("span", { class: `badge status-${status}` },
    needsConfirmation && status !== "conflicted" ? `${status}, needs confirmation` : status);
}

/** A link to a fact's page (or an episode's id as text). */
export function memoryLink(id, label) {
  if (!id.startsWith("fact_")) return h("code", {}, label ?? id);
  return h("a", { href: `#/fact/${id}` }, label ?? id);
}

export function entityLink(id, name) {
  return h("a", { class: "entity", href: `#/graph/${id}` }, name ?? id);
}

export function errorBox(error) {
  return h("p", { class: "error", role: "alert" }, error.message ?? String(error));
}
