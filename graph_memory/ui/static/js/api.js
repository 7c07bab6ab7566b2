// The REST API of this service, and the API key the user entered (sessionStorage: this tab
// only, gone when it closes). Every request goes to the page's own origin.
const KEY = "graph-memory-api-key";

export class ApiError extends Error {
  constructor(status, type, message) {
    super(message);
    this.status = status;
    this.type = type;
  }
}

export function apiKey() {
  return sessionStorage.getItem(KEY);
}

export function setApiKey(key) {
  if (key) sessionStorage.setItem(KEY, key);
  else sessionStorage.removeItem(KEY);
}

let onUnauthorized = () => {};

/** Called with the error when a request is refused for a missing or wrong key. */
export function whenUnauthorized(handler) {
  onUnauthorized = handler;
}

/** JSON from `method path` (path under /v1); throws ApiError with the service's message. */
export async function api(method, path, body) {
  const headers = { Accept: "application/json" };
  const key = apiKey();
  if (key) headers.Authorization = `Bearer ${key}`;
  const init = { method, headers };
  if (body !== undefined) {
    headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const response = await fetch(`/v1${path}`, init);
  const data = response.status === 204 ? null : await response.json();
  if (!response.ok) {
    const error = new ApiError(
      response.status,
      data?.error?.type ?? "http_error",
      data?.error?.message ?? `HTTP ${response.status}`,
    );
    if (response.status === 401) onUnauthorized(error);
    throw error;
  }
  return data;
}

/** `?a=1&b=x&b=y` from an object (arrays repeat the name; empty values are left out). */
export function query(params) {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined && item !== null && item !== "") search.append(name, String(item));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : "";
}
