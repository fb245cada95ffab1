// Every write this page sends carries its CSRF token (deckgen/web/guard.py): the server refuses a
// form-encoded or raw POST without it, so another site's page cannot make this server work.
(function () {
  "use strict";
  const meta = document.querySelector('meta[name="csrf-token"]');
  const token = meta ? meta.content : "";
  const plain = window.fetch.bind(window);
  window.fetch = function (url, options) {
    const o = Object.assign({}, options || {});
    if (o.method && !/^(GET|HEAD)$/i.test(o.method)) {
      const h = new Headers(o.headers || {});
      h.set("X-CSRF-Token", token);
      o.headers = h;
    }
    return plain(url, o);
  };
})();
