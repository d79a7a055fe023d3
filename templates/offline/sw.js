// The service worker: keeps the app on this phone for a hall with no signal.
// Built from Workbox's modules (static/vendor/); served from the site root so it looks after every page.
/* global workbox */
importScripts({% for src in workbox %}{{ src|tojson }}{{ ", " if not loop.last }}{% endfor %});

const { precacheAndRoute, cleanupOutdatedCaches, matchPrecache } = workbox.precaching;
const { registerRoute, setCatchHandler } = workbox.routing;
const { NetworkFirst, NetworkOnly } = workbox.strategies;

const PAGES = "scorekeeper-pages";
const OFFLINE_PAGE = {{ offline_page|tojson }};
const REFEREE = {{ referee|tojson }};
const WARM = {{ warm|tojson }};

workbox.core.setCacheNameDetails({ prefix: "scorekeeper" });
self.skipWaiting();
workbox.core.clientsClaim();

// The app shell: styles, scripts, htmx, icons and the no-signal page, each with a hash of its content.
precacheAndRoute({{ precache|tojson }});
cleanupOutdatedCaches();

// A page answered from the phone's copy says so: offline-page.js reads this mark and the copy's date.
const markCopy = {
  cachedResponseWillBeUsed: async ({ cachedResponse }) => {
    if (!cachedResponse) {
      return cachedResponse;
    }
    const saved = cachedResponse.headers.get("Date") || "";
    const text = await cachedResponse.text();
    const headers = new Headers(cachedResponse.headers);
    headers.delete("Content-Length");
    const mark = '<meta name="offline-copy" content="' + saved.replace(/[^\w ,:+-]/g, "") + '">';
    return new Response(text.replace(/<head>/i, "<head>" + mark), {
      status: cachedResponse.status,
      statusText: cachedResponse.statusText,
      headers: headers,
    });
  },
};

// Only a whole, good page is worth keeping.
const onlyGood = {
  cacheWillUpdate: async ({ response }) => (response && response.status === 200 ? response : null),
};

// The pages worth having with no signal: home, the rule book, the referee, and every score sheet.
// Asked of the network first (a slow signal gets 6 s), the phone's copy when it does not answer.
const KEPT = [/^\/$/, /^\/rules$/, /^\/referee$/, /^\/games\/[\w-]+\/(view\/)?[\w-]+$/];
const pages = new NetworkFirst({ cacheName: PAGES, networkTimeoutSeconds: 6, plugins: [onlyGood, markCopy] });
// (Matched on the address alone, so a page can also ask for its own first copy: see offline-page.js.)
registerRoute(
  ({ request, url }) =>
    url.origin === self.location.origin &&
    !url.search &&
    !request.headers.has("HX-Request") &&
    KEPT.some((re) => re.test(url.pathname)),
  pages
);
// Every other page (a referee question, a form) needs the server; with no signal, see below.
registerRoute(({ request }) => request.mode === "navigate", new NetworkOnly());

setCatchHandler(async ({ request, url }) => {
  if (request.mode !== "navigate") {
    return Response.error();
  }
  // A referee question: the referee as kept, where offline-page.js says answers need the signal.
  if (url.pathname === REFEREE) {
    const referee = await markCopy.cachedResponseWillBeUsed({
      cachedResponse: await caches.match(REFEREE, { cacheName: PAGES }),
    });
    if (referee) {
      return referee;
    }
  }
  return (await matchPrecache(OFFLINE_PAGE)) || Response.error();
});

// The rule book and the referee are kept from the start, before anyone opens them.
self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(PAGES).then((cache) =>
      Promise.all(
        WARM.map((path) =>
          fetch(path, { credentials: "same-origin" }).then((response) => (response.ok ? cache.put(path, response) : null))
        )
      )
    ).catch(() => null)
  );
});
