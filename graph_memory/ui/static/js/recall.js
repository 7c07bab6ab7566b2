// Recall: POST /v1/recall with the same options and filters, and each result with why it was
// recalled: score bars split by signal, channels, matched entities, the graph path, the facts
// it superseded or conflicts with, and the user's standing constraints.
import { api } from "./api.js";
import { entityLink, errorBox, fill, h, memoryLink, statusBadge, when } from "./dom.js";

const STATUSES = ["current", "conflicted", "superseded", "merged"];
const KINDS = ["fact", "episode"];
let last = null; // the last request, asked again when the view is shown again

function field(label, input, hint) {
  return h("label", { class: "field" }, h("span", {}, label), input,
    hint ? h("small", {}, hint) : null);
}

function checkboxes(name, values, checked = []) {
  return h("fieldset", { class: "checks" }, h("legend", {}, name),
    values.map((value) => h("label", {},
      h("input", { type: "checkbox", name, value, checked: checked.includes(value) }), value)));
}

function list(text) {
  const items = text.split(",").map((s) => s.trim()).filter(Boolean);
  return items.length ? items : undefined;
}

/** "semantic=0.5, graph=0.2" -> {semantic: 0.5, graph: 0.2} (the preset's other weights stay). */
function weightsOf(text) {
  const pairs = text.split(",").map((p) => p.split("=").map((s) => s.trim())).filter(([n]) => n);
  return pairs.length ? Object.fromEntries(pairs.map(([n, v]) => [n, Number(v)])) : undefined;
}

function requestOf(form, user) {
  const data = new FormData(form);
  const value = (name) => String(data.get(name) ?? "").trim();
  const number = (name) => (value(name) === "" ? undefined : Number(value(name)));
  const iso = (name) => (value(name) === "" ? undefined : new Date(value(name)).toISOString());
  const checked = (name) => { const all = data.getAll(name); return all.length ? all : undefined; };
  const filters = {
    memory_types: list(value("memory_types")),
    entities: list(value("entities")),
    min_confidence: number("min_confidence"),
    since: iso("since"),
    until: iso("until"),
    statuses: checked("statuses"),
    kinds: checked("kinds"),
  };
  const body = {
    query: value("query"),
    user_id: user,
    top_k: number("top_k"),
    session_id: value("session_id") || undefined,
    agent_id: value("agent_id") || undefined,
    preset: value("preset") || undefined,
    threshold: number("threshold"),
    weights: weightsOf(value("weights")),
    filters: Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined)),
  };
  return Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
}

export function showRecall(root, app) {
  const results = h("section", { class: "results", "aria-label": "Results" });
  const form = h("form", { class: "recall", "aria-label": "Recall" },
    h("div", { class: "query-row" },
      field("Query", h("input", { name: "query", type: "search", required: true,
        placeholder: "What should the agent remember here?", autofocus: true })),
      h("button", { type: "submit" }, "Recall")),
    h("details", {},
      h("summary", {}, "Options and filters"),
      h("div", { class: "grid" },
        field("Top k", h("input", { name: "top_k", type: "number", min: 1, max: 100, value: 5 })),
        field("Session", h("input", { name: "session_id", placeholder: "s1" }),
          "expands terse queries from its working memory"),
        field("Agent", h("input", { name: "agent_id" })),
        field("Preset", h("input", { name: "preset", placeholder: "default" })),
        field("Threshold", h("input", { name: "threshold", type: "number", step: "0.05",
          min: -1, max: 1, placeholder: "0.25" })),
        field("Weights", h("input", { name: "weights", placeholder: "semantic=0.5, graph=0.2" }),
          "override the preset's"),
        field("Memory types", h("input", { name: "memory_types", placeholder: "preference, constraint" })),
        field("Entities", h("input", { name: "entities", placeholder: "names or ent_ ids" })),
        field("Min confidence", h("input", { name: "min_confidence", type: "number", step: "0.05",
          min: 0, max: 1 })),
        field("Since", h("input", { name: "since", type: "datetime-local" })),
        field("Until", h("input", { name: "until", type: "datetime-local" })),
        checkboxes("statuses", STATUSES),
        checkboxes("kinds", KINDS))));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const user = app.user();
    if (!user) { app.say("Choose a user first."); return; }
    const body = requestOf(form, user);
    fill(results, h("p", { class: "muted" }, "Recalling..."));
    try {
      const response = await api("POST", "/recall", body);
      last = { body };
      renderResponse(results, response);
      app.say(`${response.results.length} results for "${body.query}".`);
    } catch (error) {
      fill(results, errorBox(error));
    }
  });
  fill(root, h("h2", {}, "Recall"), form, results);
  if (last && last.body.user_id === app.user()) {
    // Back on this view: ask again (memory may have changed meanwhile, e.g. a fact forgotten).
    form.elements.query.value = last.body.query;
    if (last.body.top_k) form.elements.top_k.value = last.body.top_k;
    form.requestSubmit();
  }
}

function renderResponse(root, response) {
  const header = h("p", { class: "muted" },
    response.rewritten_query ? `Expanded from working memory to: "${response.rewritten_query}". ` : "",
    response.query_entities.length ? `Entities in the query: ${response.query_entities.join(", ")}. ` : "",
    Object.keys(response.timings_ms).length
      ? `Took ${Math.round(Object.values(response.timings_ms).reduce((a, b) => Math.max(a, b), 0))} ms.`
      : "");
  const top = Math.max(0.0001, ...response.results.map((r) => r.score));
  fill(root,
    header,
    response.results.length
      ? h("ol", { class: "cards" }, response.results.map((r) => h("li", {}, card(r, top))))
      : h("p", {}, "Nothing recalled."),
    response.constraints.length
      ? h("section", { class: "constraints", "aria-label": "Standing constraints" },
        h("h3", {}, "Standing constraints"),
        h("ul", { class: "cards" }, response.constraints.map((r) => h("li", {}, card(r, top)))))
      : null);
}

function card(result, top) {
  const why = result.why;
  const entities = h("span", { class: "entities" });
  const article = h("article", { class: "card", "data-id": result.id },
    h("header", {},
      h("span", { class: "kind" }, result.kind),
      result.kind === "fact" ? memoryLink(result.id, result.text ?? result.id)
        : h("span", { class: "text" }, result.text ?? "(forgotten)"),
      statusBadge(result.status, result.needs_confirmation),
      result.needs_confirmation ? h("span", { class: "badge status-conflicted" }, "needs confirmation") : null,
      h("span", { class: "score" }, result.score.toFixed(3))),
    why ? scoreBar(why.signals, result.score, top) : null,
    h("dl", { class: "why" },
      h("dt", {}, "Type"), h("dd", {}, `${result.memory_type}, ${when(result.timestamp)}`),
      why ? [h("dt", {}, "Channels"), h("dd", {}, why.channels.map((c) => h("span", { class: `chip ch-${c}` }, c)))] : null,
      why?.matched_entities.length ? [h("dt", {}, "Matched"), h("dd", {}, why.matched_entities.join(", "))] : null,
      why?.path.length ? [h("dt", {}, "Path"), h("dd", { class: "path" }, pathOf(why.path))] : null,
      why?.notes.length ? [h("dt", {}, "Notes"), h("dd", {}, why.notes.join("; "))] : null,
      result.kind === "fact" ? [h("dt", {}, "Entities"), h("dd", {}, entities)] : null,
      result.source_ids.length ? [h("dt", {}, "Sources"), h("dd", {}, result.source_ids.join(", "))] : null),
    linked("Superseded", result.superseded),
    linked("Conflicts with", result.conflicts));
  if (result.kind === "fact") fillEntities(entities, result.id);
  return article;
}

async function fillEntities(root, factId) {
  try {
    const { memory: fact } = await api("GET", `/memories/${factId}`);
    fill(root, entityLink(fact.subject_id, fact.subject_name), ` ${fact.predicate} `,
      entityLink(fact.object_id, fact.object_name));
  } catch (error) {
    fill(root, error.message);
  }
}

/** The score as a bar (its length: score / best score), split in proportion to each signal's
 * contribution (a multiplier applied after the sum, e.g. for an outdated message, scales all). */
function scoreBar(signals, score, top) {
  const parts = signals.filter((s) => s.contribution > 0);
  const sum = parts.reduce((total, s) => total + s.contribution, 0) || 1;
  return h("div", { class: "scorebar", role: "img",
    "aria-label": parts.map((s) => `${s.name} ${s.contribution.toFixed(3)}`).join(", ") },
  parts.map((s) => {
    const span = h("span", { class: `sig sig-${s.name}`,
      title: `${s.name}: raw ${s.raw.toFixed(3)} x weight ${s.weight} = ${s.contribution.toFixed(3)}` },
    s.name);
    // Through the CSSOM: the page's policy allows no inline style attribute.
    span.style.width = `${Math.max(0.5, (100 * (s.contribution / sum) * score) / top)}%`;
    return span;
  }));
}

function pathOf(steps) {
  return steps.map((step, i) => [i ? " " : "", h("span", { class: "rel" }, step.relation), " ",
    step.node_id.startsWith("ent_") ? entityLink(step.node_id, step.node_name) : memoryLink(step.node_id, step.node_name ?? step.node_id)]);
}

function linked(title, facts) {
  if (!facts.length) return null;
  return h("div", { class: "linked" }, h("h4", {}, title),
    h("ul", {}, facts.map((f) => h("li", {}, memoryLink(f.id, f.text ?? f.id), " ",
      statusBadge(f.status), h("small", {}, ` ${f.reason} (${when(f.at)})`)))));
}
