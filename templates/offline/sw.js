// The service worker: keeps the app on this phone for a hall with no signal.
// Built from Workbox's modules (static/vendor/); served from the site root so it looks after every page.
/* global workbox */
importScripts({% for src in workbox %}{{ src|tojson }}{{ ", " if not loop.last }}{% endfor %});

const { precacheAndRoute, cleanupOutdatedCaches, matchPrecache } = workbox.precaching;
const { registerRoute, setCatchHandler } = workbox.routing;
const { NetworkFirst, NetworkOnly } = workbox.strategies;

const PAGES = "scorekeeper-pages";
// The no-signal page in each language, by code; the pages are kept per language too (pageKey).
const OFFLINE_PAGES = {{ offline_pages|tojson }};
const SOURCE_LANGUAGE = {{ source_language|tojson }};
const LANGUAGE_KEY = "/__language__"; // the language of the last page this phone had from the server
const REFEREE = {{ referee|tojson }};
const WARM = {{ warm|tojson }};

workbox.core.setCacheNameDetails({ prefix: "scorekeeper" });
self.skipWaiting();
workbox.core.clientsClaim();

// The app shell: styles, scripts, htmx, icons and the no-signal page, each with a hash of its content.
precacheAndRoute({{ precache|tojson }});
cleanupOutdatedCaches();

// Each language's copy of a page is kept apart: the key is the address and the language.
const pageKey = (path, language) => path + "?lang=" + encodeURIComponent(language || SOURCE_LANGUAGE);

// The phone's language: the last page from the server said it (Content-Language), kept across restarts.
let phoneLanguage = null;
const rememberLanguage = async (language) => {
  if (!language || language === phoneLanguage) {
    return;
  }
  phoneLanguage = language;
  const cache = await caches.open(PAGES);
  await cache.put(LANGUAGE_KEY, new Response(language, { headers: { "Content-Type": "text/plain" } }));
};
const currentLanguage = async () => {
  if (phoneLanguage === null) {
    const kept = await caches.match(LANGUAGE_KEY, { cacheName: PAGES });
    phoneLanguage = kept ? await kept.text() : SOURCE_LANGUAGE;
  }
  return phoneLanguage;
};

// The page from the network says its language: it is kept under that language, and it is the phone's now.
const byLanguage = {
  fetchDidSucceed: async ({ response, state }) => {
    const language = response.headers.get("Content-Language");
    if (language && response.ok) {
      state.language = language;
      await rememberLanguage(language);
    }
    return response;
  },
  cacheKeyWillBeUsed: async ({ request, state }) => {
    const language = (state && state.language) || (await currentLanguage());
    return pageKey(new URL(request.url).pathname, language);
  },
};

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

// The pages worth having with no signal: home, the rule book, the referee, every score sheet, and the words
// offline-page.js says with no signal.
// Asked of the network first (a slow signal gets 6 s), the phone's copy in its language when it does not answer:
// a switch of language is never undone by an older copy.
const KEPT = [/^\/$/, /^\/rules$/, /^\/referee$/, /^\/games\/[\w-]+\/(view\/)?[\w-]+$/, /^\/offline\/words$/];
const pages = new NetworkFirst({ cacheName: PAGES, networkTimeoutSeconds: 6, plugins: [byLanguage, onlyGood, markCopy] });
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
// Its answer still says the phone's language (a switch of language is such a form).
registerRoute(({ request }) => request.mode === "navigate", new NetworkOnly({ plugins: [byLanguage] }));

setCatchHandler(async ({ request, url }) => {
  if (request.mode !== "navigate") {
    return Response.error();
  }
  // A referee question: the referee as kept, where offline-page.js says answers need the signal.
  const language = await currentLanguage();
  if (url.pathname === REFEREE) {
    const referee = await markCopy.cachedResponseWillBeUsed({
      cachedResponse: await caches.match(pageKey(REFEREE, language), { cacheName: PAGES }),
    });
    if (referee) {
      return referee;
    }
  }
  const page = OFFLINE_PAGES[language] || OFFLINE_PAGES[SOURCE_LANGUAGE];
  return (await matchPrecache(page)) || Response.error();
});

// The rule book and the referee are kept from the start, before anyone opens them.
self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(PAGES).then((cache) =>
      Promise.all(
        WARM.map((path) =>
          fetch(path, { credentials: "same-origin" }).then((response) =>
            response.ok ? cache.put(pageKey(path, response.headers.get("Content-Language")), response) : null
          )
        )
      )
    ).catch(() => null)
  );
});
