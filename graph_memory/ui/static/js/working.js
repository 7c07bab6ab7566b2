// Working memory of a session (its live slots), and the user's open conflicts: facts that
// await confirmation, each with the other side, to confirm or reject with a reason.
import { api, query } from "./api.js";
import { errorBox, fill, h, memoryLink, statusBadge, when } from "./dom.js";

const SESSION = "graph-memory-session";

export function showWorking(root, app) {
  const user = app.user();
  const slots = h("div", {});
  const session = h("input", { id: "session", name: "session", required: true, placeholder: "s1",
    value: sessionStorage.getItem(SESSION) ?? "" });
  const form = h("form", { class: "inline", "aria-label": "Session" },
    h("label", { for: "session" }, "Session"), session, h("button", { type: "submit" }, "Show"));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    sessionStorage.setItem(SESSION, session.value.trim());
    renderSlots(slots, user, session.value.trim());
  });
  const conflicts = h("div", {});
  fill(root,
    h("h2", {}, "Working memory"), form, slots,
    h("h2", {}, "Open conflicts"), conflicts);
  if (!user) { fill(conflicts, h("p", {}, "Choose a user first.")); return; }
  if (session.value) renderSlots(slots, user, session.value);
  renderConflicts(conflicts, user, app);
}

async function renderSlots(root, user, sessionId) {
  if (!user) { fill(root, h("p", {}, "Choose a user first.")); return; }
  try {
    const { slots } = await api("GET",
      `/sessions/${encodeURIComponent(sessionId)}/working-memory${query({ user_id: user })}`);
    fill(root, slots.length ? h("table", { class: "slots" },
      h("caption", {}, `Session ${sessionId}: ${slots.length} live slots, highest priority first`),
      h("thead", {}, h("tr", {}, ["Key", "Value", "Type", "Priority", "Updated", "Expires", "Earlier values"]
        .map((c) => h("th", { scope: "col" }, c)))),
      h("tbody", {}, slots.map((s) => h("tr", {},
        h("th", { scope: "row" }, s.key), h("td", {}, s.value), h("td", {}, s.memory_type),
        h("td", {}, s.priority), h("td", {}, when(s.updated_at)), h("td", {}, when(s.expires_at)),
        h("td", {}, s.history.map((line) => line.split("\t")[1] ?? line).join("; "))))))
      : h("p", { class: "muted" }, `Session ${sessionId} has no live slot.`));
  } catch (error) {
    fill(root, errorBox(error));
  }
}

async function renderConflicts(root, user, app) {
  try {
    const { facts } = await api("GET",
      `/users/${encodeURIComponent(user)}/facts${query({ status: "conflicted", limit: 200 })}`);
    if (!facts.length) { fill(root, h("p", { class: "muted" }, `${user} has no open conflict.`)); return; }
    const texts = new Map(facts.map((f) => [f.id, f.text ?? f.id]));
    const items = await Promise.all(facts.map(async (fact) => {
      const { history } = await api("GET", `/memories/${fact.id}`);
      const others = history.filter((l) => l.kind === "CONFLICTS_WITH")
        .map((l) => ({ id: l.from_id === fact.id ? l.to_id : l.from_id, reason: l.reason }));
      return h("li", { class: "conflict", "data-id": fact.id },
        h("p", {}, memoryLink(fact.id, fact.text ?? fact.id), " ", statusBadge(fact.status),
          h("small", { class: "muted" }, ` ${fact.origin}, ${when(fact.valid_from)}, priority ${fact.priority}`)),
        others.length ? h("p", { class: "muted" }, "against ",
          others.map((o, i) => [i ? ", " : "", memoryLink(o.id, texts.get(o.id)), ` (${o.reason})`]))
          : null,
        reviewButtons(fact, app, () => renderConflicts(root, user, app)));
    }));
    fill(root, h("ul", { class: "conflicts" }, items));
  } catch (error) {
    fill(root, errorBox(error));
  }
}

/** Confirm / reject buttons with a reason for a fact awaiting confirmation. */
export function reviewButtons(fact, app, done) {
  const id = `reason-${fact.id}`;
  const reason = h("input", { id, maxlength: 1000, placeholder: "reason (optional)" });
  const out = h("span", { role: "status" });
  const decide = (action) => async () => {
    try {
      const text = reason.value.trim();
      const result = await api("POST", `/memories/${fact.id}/${action}`, text ? { reason: text } : {});
      app.say(`${fact.text ?? fact.id}: ${result.decision}; superseded ${result.superseded.length}, ` +
        `current ${result.current.length}.`);
      done();
    } catch (error) {
      fill(out, errorBox(error));
    }
  };
  return h("div", { class: "review-actions" },
    h("label", { for: id, class: "visually-hidden" }, `Reason for ${fact.text ?? fact.id}`), reason,
    h("button", { type: "button", "data-action": "confirm", onclick: decide("confirm") }, "Confirm"),
    h("button", { type: "button", "data-action": "reject", class: "quiet", onclick: decide("reject") }, "Reject"),
    out);
}
