// A fact's page: its versions over time (the SUPERSEDES chain as a timeline), the messages it
// was extracted from with the stated span marked, confidence and its use history (recalls and
// feedback, newest first), conflicts, feedback and forget (with a reason), and the tombstone once
// it is forgotten.
import { api, query } from "./api.js";
import { entityLink, errorBox, fill, h, memoryLink, statusBadge, when } from "./dom.js";
import { reviewButtons } from "./working.js";

const MAX_VERSIONS = 30;

export async function showFact(root, app, factId) {
  fill(root, h("h2", {}, "Fact"), h("p", { class: "muted" }, "Loading..."));
  let found;
  try {
    // The tombstone first: a forgotten fact is a page to show, not a failed read.
    const { tombstone } = await api("GET", `/memories/${factId}/tombstone`);
    if (tombstone) {
      fill(root, h("h2", {}, "Fact"), tombstoneBox([tombstone]));
      return;
    }
    found = await api("GET", `/memories/${factId}`);
  } catch (error) {
    fill(root, h("h2", {}, "Fact"), errorBox(error));
    return;
  }
  const fact = found.memory;
  const sources = h("section", { "aria-labelledby": "sources-title" },
    h("h3", { id: "sources-title" }, "Source messages"), h("p", { class: "muted" }, "Loading..."));
  const versions = h("section", { "aria-labelledby": "versions-title" },
    h("h3", { id: "versions-title" }, "Versions over time"), h("p", { class: "muted" }, "Loading..."));
  fill(root,
    h("h2", {}, fact.text ?? fact.id),
    h("p", { class: "triple" }, entityLink(fact.subject_id, fact.subject_name), " ",
      h("span", { class: "rel" }, fact.key ? `${fact.predicate} (${fact.key})` : fact.predicate), " ",
      entityLink(fact.object_id, fact.object_name), " ", statusBadge(fact.status, fact.needs_confirmation)),
    facts(fact),
    useHistory(fact),
    fact.status === "conflicted" ? h("section", { class: "review" }, h("h3", {}, "Awaiting confirmation"),
      reviewButtons(fact, app, () => showFact(root, app, factId))) : null,
    conflictsOf(found.history, fact.id),
    versions,
    sources,
    actions(fact, app, root));
  renderVersions(versions, fact, found.history);
  renderSources(sources, fact.id);
}

function tombstoneBox(tombstones) {
  return h("div", { class: "tombstone" },
    h("p", {}, h("strong", {}, "Forgotten. "),
      "It no longer comes back in recall; its text, names and embedding were removed."),
    h("ul", {}, tombstones.map((t) => h("li", {},
      `${t.target_kind} ${t.target_id} was forgotten at ${when(t.forgotten_at)} by ${t.by}: ${t.reason}`))));
}

function facts(fact) {
  const row = (name, value) => [h("dt", {}, name), h("dd", {}, value)];
  return h("dl", { class: "facts" },
    row("Id", h("code", {}, fact.id)),
    row("Type", `${fact.memory_type}, priority ${fact.priority}`),
    row("Confidence", h("span", {}, h("meter", { min: 0, max: 1, value: fact.confidence,
      "aria-label": "confidence" }), ` ${fact.confidence.toFixed(2)}`)),
    row("Used", `${fact.use_count} times in recalls and feedback, ${fact.useful_count} found useful` +
      (fact.last_used_at ? `, last ${when(fact.last_used_at)}` : ", never yet")),
    row("Evidence", `stated ${fact.evidence_count} time${fact.evidence_count === 1 ? "" : "s"}`),
    row("Valid", `from ${when(fact.valid_from)}` + (fact.superseded_at ? ` until ${when(fact.superseded_at)}` : "")),
    row("Written", `${when(fact.created_at)} by ${fact.extractor}, asserted by ${fact.origin}`),
    fact.expires_at ? row("Expires", when(fact.expires_at)) : null,
    fact.merged_into ? row("Merged into", memoryLink(fact.merged_into)) : null);
}

const USE_KINDS = { recalled: "returned by a recall", useful: "feedback: useful",
  not_useful: "feedback: not useful" };

/** The fact's latest uses (the server keeps the newest 20), newest first. */
function useHistory(fact) {
  const uses = fact.use_history ?? [];
  return h("section", { class: "uses", "aria-labelledby": "uses-title" },
    h("h3", { id: "uses-title" }, "Use history"),
    uses.length
      ? h("div", { class: "table-scroll", tabindex: 0, role: "region", "aria-labelledby": "uses-title" },
        h("table", { class: "uses" },
          h("caption", {}, `Newest first: the latest ${uses.length} of ${fact.use_count} uses ` +
            "(a recall row counts the recalls of one batch of a few seconds)."),
          h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "When"), h("th", { scope: "col" }, "How"),
            h("th", { scope: "col" }, "Times"))),
          h("tbody", {}, [...uses].reverse().map((u) => h("tr", { class: `use-${u.kind}` },
            h("td", {}, h("time", { datetime: u.at }, toSecond(u.at))), h("td", {}, USE_KINDS[u.kind] ?? u.kind),
            h("td", {}, String(u.count)))))))
      : h("p", { class: "muted" }, "Never used yet: no recall returned it and no feedback judged it."));
}

function toSecond(value) {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? String(value) : date.toISOString().replace("T", " ").slice(0, 19) + " UTC";
}

function conflictsOf(history, factId) {
  const conflicts = history.filter((l) => l.kind === "CONFLICTS_WITH");
  if (!conflicts.length) return null;
  return h("section", {}, h("h3", {}, "Conflicts"), h("ul", {}, conflicts.map((l) => {
    const other = l.from_id === factId ? l.to_id : l.from_id;
    return h("li", {}, memoryLink(other), h("small", {}, ` ${l.reason} (${when(l.at)})`));
  })));
}

async function renderVersions(root, fact, history) {
  // Walk the SUPERSEDES links both ways: newer versions supersede this one, it superseded older.
  const seen = new Map([[fact.id, { fact, links: history }]]);
  const queue = [fact.id];
  while (queue.length && seen.size < MAX_VERSIONS) {
    const id = queue.shift();
    for (const link of seen.get(id).links.filter((l) => l.kind === "SUPERSEDES")) {
      for (const next of [link.from_id, link.to_id]) {
        if (seen.has(next)) continue;
        try {
          const found = await api("GET", `/memories/${next}`);
          seen.set(next, { fact: found.memory, links: found.history });
          queue.push(next);
        } catch (error) {
          seen.set(next, { missing: error.message, links: [] });
        }
      }
    }
  }
  const links = [...seen.values()].flatMap((v) => v.links).filter((l) => l.kind === "SUPERSEDES");
  const entries = [...seen.entries()].sort(([, a], [, b]) =>
    String(a.fact?.valid_from ?? "").localeCompare(String(b.fact?.valid_from ?? "")));
  fill(root, h("h3", { id: "versions-title" }, "Versions over time"),
    entries.length === 1 ? h("p", { class: "muted" }, "No other version: nothing superseded it, it superseded nothing.") : null,
    h("ol", { class: "timeline" }, entries.map(([id, v]) => {
      const why = links.find((l) => l.to_id === id);
      return h("li", { class: id === fact.id ? "this" : "", "data-id": id },
        v.fact
          ? [h("time", {}, when(v.fact.valid_from)), " ", id === fact.id ? h("strong", {}, v.fact.text) : memoryLink(id, v.fact.text ?? id),
            " ", statusBadge(v.fact.status, v.fact.needs_confirmation),
            why ? h("small", { class: "muted" }, " superseded by ",
              memoryLink(why.from_id, seen.get(why.from_id)?.fact?.text ?? why.from_id), `: ${why.reason}`) : null]
          : [memoryLink(id), h("small", { class: "muted" }, ` ${v.missing}`)]);
    })));
}

async function renderSources(root, factId) {
  try {
    const { sources } = await api("GET", `/memories/${factId}/sources`);
    fill(root, h("h3", { id: "sources-title" }, "Source messages"),
      sources.length ? h("ul", { class: "sources" }, sources.map((s) => h("li", {},
        h("blockquote", {}, spanned(s.episode.text ?? "", s.span)),
        h("small", { class: "muted" }, `${s.episode.speaker ?? "unknown speaker"}, ${when(s.episode.timestamp)}`,
          s.episode.session_id ? `, session ${s.episode.session_id}` : "",
          `, ${s.extractor} (${s.confidence.toFixed(2)}), `, h("code", {}, s.episode.id)))))
        : h("p", { class: "muted" }, "No source message is left (given as a triple, or forgotten)."));
  } catch (error) {
    fill(root, h("h3", {}, "Source messages"), errorBox(error));
  }
}

function spanned(text, [start, end]) {
  if (!(start < end && end <= text.length)) return text;
  return [text.slice(0, start), h("mark", {}, text.slice(start, end)), text.slice(end)];
}

function actions(fact, app, root) {
  const reason = h("input", { id: "action-reason", name: "reason", maxlength: 1000,
    placeholder: "why (kept with the feedback or the tombstone)" });
  const result = h("p", { role: "status" });
  const feedback = (useful) => async () => {
    try {
      const updated = await api("POST", `/memories/${fact.id}/feedback`,
        { useful, ...(reason.value.trim() ? { reason: reason.value.trim() } : {}) });
      app.say(`Feedback recorded: confidence now ${updated.confidence.toFixed(2)}.`);
      showFact(root, app, fact.id);
    } catch (error) {
      fill(result, errorBox(error));
    }
  };
  const forget = async () => {
    if (!reason.value.trim()) {
      fill(result, h("span", { class: "error" }, "Give a reason to forget."));
      reason.focus();
      return;
    }
    try {
      const { tombstones } = await api("DELETE",
        `/memories/${fact.id}${query({ user_id: fact.user_id, reason: reason.value.trim() })}`);
      app.say(`Forgotten: ${tombstones.length} tombstone${tombstones.length === 1 ? "" : "s"} left.`);
      fill(root, h("h2", {}, "Fact"), tombstoneBox(tombstones));
    } catch (error) {
      fill(result, errorBox(error));
    }
  };
  return h("section", { class: "actions-panel", "aria-labelledby": "act-title" },
    h("h3", { id: "act-title" }, "Feedback and forgetting"),
    h("label", { for: "action-reason" }, "Reason"), reason,
    h("div", { class: "actions" },
      h("button", { type: "button", onclick: feedback(true) }, "Useful"),
      h("button", { type: "button", onclick: feedback(false) }, "Not useful"),
      h("button", { type: "button", class: "danger", onclick: forget }, "Forget")),
    result);
}
