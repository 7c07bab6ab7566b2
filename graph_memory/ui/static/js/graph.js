// Graph: an entity's neighbourhood drawn with cytoscape.js (vendored): entities as nodes,
// facts as labelled edges coloured by status, superseded facts dashed. Click (or press Enter
// on) an entity in the list to expand it; click a fact to see it. Pan and zoom with the mouse.
import cytoscape from "../vendor/cytoscape/cytoscape.esm.min.js";
import { api, query } from "./api.js";
import { entityLink, errorBox, fill, h, memoryLink, statusBadge } from "./dom.js";

const STATUSES = ["current", "conflicted", "superseded", "merged"];

const STYLE = [
  { selector: "node", style: {
    label: "data(label)", "background-color": "#64748b", color: "#0f172a", "font-size": 12,
    "text-valign": "bottom", "text-margin-y": 4, width: 22, height: 22 } },
  { selector: "node.expanded", style: { "background-color": "#2563eb" } },
  { selector: "node.root", style: { "border-width": 3, "border-color": "#1e3a8a" } },
  { selector: "node:selected", style: { "border-width": 3, "border-color": "#f59e0b" } },
  { selector: "edge", style: {
    label: "data(label)", "curve-style": "bezier", "target-arrow-shape": "triangle",
    width: 3, "font-size": 10, "text-rotation": "autorotate", "text-background-color": "#fff",
    "text-background-opacity": 0.85, "text-background-padding": 2,
    "line-color": "#16a34a", "target-arrow-color": "#16a34a" } },
  { selector: "edge.conflicted", style: { "line-color": "#d97706", "target-arrow-color": "#d97706" } },
  { selector: "edge.superseded", style: {
    "line-color": "#94a3b8", "target-arrow-color": "#94a3b8", "line-style": "dashed", color: "#64748b" } },
  { selector: "edge.merged", style: {
    "line-color": "#a855f7", "target-arrow-color": "#a855f7", "line-style": "dotted" } },
  { selector: "edge:selected", style: { width: 4 } },
];

export function showGraph(root, app, entityId) {
  fill(root, h("h2", {}, "Graph"));
  if (!entityId) {
    pickEntity(root, app);
    return;
  }
  const canvas = h("div", { id: "graph-canvas", class: "graph-canvas",
    "aria-label": "Graph of entities and facts (the lists beside it hold the same)" });
  const detail = h("aside", { class: "graph-detail", "aria-live": "polite" },
    h("p", { class: "muted" }, "Select a fact or an entity."));
  const entityList = h("ul", { class: "entity-list" });
  const factList = h("ul", { class: "fact-list" });
  const legend = h("p", { class: "legend" }, STATUSES.map((s) => h("span", { class: `key edge-${s}` }, s)));
  root.append(
    legend,
    h("div", { class: "graph-layout" }, canvas, h("div", { class: "graph-side" },
      detail,
      h("h3", {}, "Entities"), entityList,
      h("h3", {}, "Facts"), factList)));
  const cy = cytoscape({ container: canvas, style: STYLE,
    minZoom: 0.2, maxZoom: 4 });
  const facts = new Map();
  const expanded = new Set();

  function redrawLists() {
    fill(entityList, cy.nodes().sort((a, b) => a.data("label").localeCompare(b.data("label")))
      .map((node) => h("li", {},
        entityLink(node.id(), node.data("label")), " ",
        expanded.has(node.id()) ? h("small", { class: "muted" }, "expanded")
          : h("button", { type: "button", class: "small", "data-expand": node.id(),
            onclick: () => expand(node.id()) }, "Expand"))));
    fill(factList, [...facts.values()].map((fact) => h("li", {},
      h("button", { type: "button", class: "link", "data-fact": fact.id,
        onclick: () => { cy.$id(fact.id).select(); showFactDetail(fact); } },
      `${fact.subject_name} ${fact.predicate} ${fact.object_name}`), " ", statusBadge(fact.status))));
  }

  function showFactDetail(fact) {
    fill(detail,
      h("h3", {}, fact.text ?? fact.id),
      h("p", {}, statusBadge(fact.status, fact.needs_confirmation), ` ${fact.memory_type}, `,
        `priority ${fact.priority}, confidence ${fact.confidence.toFixed(2)}`),
      h("p", {}, memoryLink(fact.id, "Open the fact page")));
  }

  async function expand(id) {
    if (expanded.has(id)) return;
    try {
      const around = await api("GET", `/entities/${id}${query({ status: STATUSES, limit: 200 })}`);
      expanded.add(id);
      const add = (nodeId, label) => {
        if (cy.$id(nodeId).empty()) cy.add({ group: "nodes", data: { id: nodeId, label: label ?? nodeId } });
      };
      add(around.entity.id, around.entity.name);
      around.neighbours.forEach((n) => add(n.id, n.name));
      for (const fact of around.facts) {
        facts.set(fact.id, fact);
        add(fact.subject_id, fact.subject_name);
        add(fact.object_id, fact.object_name);
        if (cy.$id(fact.id).empty()) {
          cy.add({ group: "edges", classes: fact.status,
            data: { id: fact.id, source: fact.subject_id, target: fact.object_id,
              label: fact.key ? `${fact.predicate} (${fact.key})` : fact.predicate } });
        }
      }
      cy.$id(id).addClass("expanded");
      // Rings around the first entity, one per hop: stable as the graph grows.
      cy.layout({ name: "breadthfirst", circle: true, roots: cy.$id(entityId), animate: false,
        spacingFactor: 1.1, nodeDimensionsIncludeLabels: true, padding: 30 }).run();
      if (cy.zoom() > 1.4) { // a small neighbourhood: keep labels at reading size
        cy.zoom(1.4);
        cy.center();
      }
      redrawLists();
      app.say(`${around.entity.name}: ${around.facts.length} facts, ${around.neighbours.length} neighbours.`);
    } catch (error) {
      detail.replaceChildren(errorBox(error));
    }
  }

  cy.on("tap", "node", (event) => expand(event.target.id()));
  cy.on("tap", "edge", (event) => showFactDetail(facts.get(event.target.id())));
  expand(entityId).then(() => cy.$id(entityId).addClass("root"));
}

async function pickEntity(root, app) {
  const user = app.user();
  if (!user) { root.append(h("p", {}, "Choose a user to see their entities.")); return; }
  const box = h("div", {}, h("p", { class: "muted" }, "Loading entities..."));
  root.append(box);
  try {
    const { facts } = await api("GET", `/users/${encodeURIComponent(user)}/facts${query({ status: STATUSES, limit: 500 })}`);
    const entities = new Map();
    for (const f of facts) {
      entities.set(f.subject_id, f.subject_name);
      entities.set(f.object_id, f.object_name);
    }
    fill(box, entities.size
      ? [h("p", {}, `Entities of ${user}: open one to draw its neighbourhood.`),
        h("ul", { class: "entity-pick" }, [...entities].sort((a, b) => String(a[1]).localeCompare(String(b[1])))
          .map(([id, name]) => h("li", {}, entityLink(id, name))))]
      : h("p", {}, `${user} has no facts yet.`));
  } catch (error) {
    fill(box, errorBox(error));
  }
}
