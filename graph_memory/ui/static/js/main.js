// The explorer's shell: the user picker, the API key dialog and the views by URL fragment
// (#/recall, #/graph[/ent_...], #/fact/fact_..., #/working).
import { api, apiKey, setApiKey, whenUnauthorized } from "./api.js";
import { fill, h } from "./dom.js";
import { showFact } from "./fact.js";
import { showGraph } from "./graph.js";
import { showRecall } from "./recall.js";
import { showWorking } from "./working.js";

const USER = "graph-memory-user";
const main = document.getElementById("main");
const status = document.getElementById("status");
const userInput = document.getElementById("user");
const keyDialog = document.getElementById("key-dialog");

export const app = {
  user: () => userInput.value.trim(),
  say(message) {
    fill(status, message);
  },
};

function openKeyDialog() {
  document.getElementById("key").value = "";
  if (!keyDialog.open) keyDialog.showModal();
}

whenUnauthorized(() => {
  app.say(apiKey() ? "The API key was refused: enter another." : "This service needs an API key.");
  openKeyDialog();
});

document.getElementById("key-button").addEventListener("click", openKeyDialog);
document.getElementById("key-forget").addEventListener("click", () => {
  setApiKey(null);
  keyDialog.close();
  app.say("The API key was removed from this tab.");
});
document.getElementById("key-form").addEventListener("submit", () => {
  setApiKey(document.getElementById("key").value.trim());
  app.say("API key saved for this tab.");
  loadUsers().then(route);
});

document.getElementById("user-form").addEventListener("submit", (event) => {
  event.preventDefault();
  sessionStorage.setItem(USER, app.user());
  route();
});

async function loadUsers() {
  try {
    const { users } = await api("GET", "/users");
    fill(document.getElementById("users"),
      users.map((u) => h("option", { value: u.user_id }, `${u.episodes} messages`)));
    if (!app.user() && users.length) userInput.value = users[0].user_id;
  } catch (error) {
    if (error.status !== 401) app.say(error.message); // a 401 has opened the key dialog
  }
}

function route() {
  const [view = "recall", arg] = location.hash.replace(/^#\/?/, "").split("/");
  for (const link of document.querySelectorAll("nav a[data-view]")) {
    const here = link.dataset.view === view || (view === "fact" && link.dataset.view === "graph");
    if (here) link.setAttribute("aria-current", "page");
    else link.removeAttribute("aria-current");
  }
  const views = { recall: showRecall, graph: showGraph, fact: showFact, working: showWorking };
  const show = views[view] ?? showRecall;
  fill(main);
  show(main, app, arg ? decodeURIComponent(arg) : undefined);
}

window.addEventListener("hashchange", () => {
  route();
  main.focus({ preventScroll: true });
});
userInput.value = sessionStorage.getItem(USER) ?? "";
loadUsers().then(route);
