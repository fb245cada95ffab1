// deckgen serve: the page's behaviour. Talks only to its own server (no other requests).
"use strict";
(function () {
  const T = JSON.parse(document.getElementById("words").textContent);
  const $ = (id) => document.getElementById(id);
  const el = (tag, attrs, text) => {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
    if (text !== undefined) e.textContent = text;
    return e;
  };
  const fmt = (s, vals) => s.replace(/\{(\w+)\}/g, (_, k) => String(vals[k]));

  // ---------------------------------------------------------------- upload (index page)
  const upload = $("upload");
  if (upload) {
    upload.addEventListener("submit", async (ev) => {
      ev.preventDefault();
      const out = $("upload-out");
      out.textContent = "";
      const file = $("upload-file").files[0];
      if (!file) return;
      if (file.size > 1000000) { out.append(el("p", { class: "error" }, T.too_big)); }
      const r = await fetch("/api/upload?name=" + encodeURIComponent(file.name), { method: "POST", body: file, headers: { "Content-Type": "application/toml" } });
      const data = await r.json().catch(() => ({ error: "HTTP " + r.status }));
      if (r.ok) { location.href = data.url + "?lang=" + upload.dataset.lang; return; }
      out.textContent = "";
      if (data.problems && data.problems.length) {
        out.append(el("h3", {}, T.problems));
        const ul = el("ul", { class: "problems" });
        for (const p of data.problems) {
          const li = el("li");
          li.append(el("b", {}, p.line ? T.line + " " + p.line : ""), " ", el("code", {}, p.field), " ", p.message);
          ul.append(li);
        }
        out.append(ul);
      } else {
        out.append(el("p", { class: "error" }, "error: " + data.error));
      }
    });
  }

  // ---------------------------------------------------------------- game page
  const form = $("options");
  if (!form) return;
  const lang = form.dataset.lang;

  // only what differs from the defaults is sent: the words a user would type on the command line
  const unchanged = (e) => e.type === "hidden" ? false
    : e.type === "checkbox" ? e.checked === e.defaultChecked
    : e.tagName === "SELECT" ? Array.from(e.options).every((o) => o.selected === o.defaultSelected)
    : e.value === e.defaultValue;
  function body() {
    const p = new URLSearchParams();
    for (const e of form.elements) {
      if (!e.name || unchanged(e)) continue;
      p.set(e.name, e.type === "checkbox" ? (e.checked ? "true" : "false") : e.value);
    }
    return p;
  }
  function showErrors(data) {
    for (const s of form.querySelectorAll("[data-error-for]")) s.textContent = "";
    for (const f of form.querySelectorAll(".field")) f.classList.remove("bad");
    $("form-error").textContent = "";
    if (!data) return;
    const fields = data.fields || {};
    let placed = false;
    for (const [name, msg] of Object.entries(fields)) {
      const s = form.querySelector(`[data-error-for="${name}"]`);
      if (s) { s.textContent = "error: " + msg; s.closest(".field").classList.add("bad"); placed = true; }
    }
    if (!placed) $("form-error").textContent = "error: " + data.error;
  }
  async function post(url, params) {
    const r = await fetch(url, { method: "POST", body: params, headers: { "Content-Type": "application/x-www-form-urlencoded" } });
    const data = await r.json().catch(() => ({ error: "HTTP " + r.status }));
    return { ok: r.ok, status: r.status, data };
  }

  // live preview, as the options change
  let asked = 0, timer = null;
  async function preview() {
    const n = ++asked;
    $("preview-status").textContent = T.preview_wait;
    const { ok, data } = await post("/api/preview", body());
    if (n !== asked) return; // a newer request is on its way
    if (!ok) { showErrors(data); $("preview-status").textContent = "error: " + data.error; return; }
    showErrors(null);
    $("preview-status").textContent = "";
    $("n-cards").textContent = data.cards;
    $("n-sheets").textContent = data.sheets;
    $("n-pages").textContent = data.pages;
    $("n-per").textContent = data.per_sheet;
    $("preview-label").textContent = data.label;
    const w = $("preview-warnings"); w.textContent = "";
    for (const line of data.warnings) w.append(el("li", {}, line));
    const box = $("sample"); box.textContent = "";
    data.images.forEach((src, i) => box.append(el("img", { src, alt: i === data.images.length - 1 ? "back" : "card " + (i + 1) })));
    form.dataset.previewed = String(data.cards);
  }
  form.addEventListener("input", () => { clearTimeout(timer); timer = setTimeout(preview, 350); });
  form.addEventListener("change", () => { clearTimeout(timer); timer = setTimeout(preview, 50); });
  preview();

  // checks and builds: a queued job whose progress streams back as server-sent events
  function follow(kind, state, done) {
    const bar = $(kind + "-progress"), status = $(kind + "-status");
    const es = new EventSource(`/api/jobs/${state.id}/events`);
    const show = (s) => {
      if (s.state === "queued") {
        status.textContent = s.ahead > 0 ? fmt(T.queued, s) : fmt(T.queued_next, s);
        bar.removeAttribute("value");
      } else if (s.progress) {
        status.textContent = `${T.working} ${s.progress.label}: ${s.progress.done} / ${s.progress.total}`;
        bar.max = Math.max(1, s.progress.total); bar.value = s.progress.done;
      } else {
        status.textContent = T.working;
      }
    };
    show(state);
    es.addEventListener("queued", (e) => show(JSON.parse(e.data)));
    es.addEventListener("progress", (e) => show(JSON.parse(e.data)));
    es.addEventListener("done", (e) => { es.close(); const s = JSON.parse(e.data); bar.max = 1; bar.value = 1; status.textContent = ""; done(s); });
    es.addEventListener("failed", (e) => {
      es.close(); const s = JSON.parse(e.data); bar.value = 0;
      status.textContent = ""; $(kind + "-result").append(el("p", { class: "error" }, T.failed + " — error: " + s.error));
      $(kind + "-button").disabled = false;
    });
  }
  async function start(kind, render) {
    const out = $(kind + "-out"), result = $(kind + "-result"), button = $(kind + "-button");
    result.textContent = "";
    out.hidden = false;
    button.disabled = true;
    const { ok, data } = await post("/api/" + kind, body());
    if (!ok) { showErrors(data); $(kind + "-status").textContent = "error: " + data.error; button.disabled = false; return; }
    showErrors(null);
    follow(kind, data, (s) => { button.disabled = false; render(s, result); });
  }
  const fileUrl = (s, name) => `/api/jobs/${s.id}/files/${name.split("/").map(encodeURIComponent).join("/")}`;

  $("check-button").addEventListener("click", () => start("check", (s, box) => {
    const r = s.result;
    box.append(el("p", { class: "verdict " + (r.ok ? "ok" : "bad"), id: "verdict" }, r.ok ? T.playable : T.not_playable));
    if (r.ok) box.append(el("p", {}, fmt(T.verdict_ok, r)));
    if (r.ok && r.basis) box.append(el("p", { class: "basis", id: "verdict-basis" }, T.basis + " " + r.basis));
    else { box.append(el("p", {}, T.verdict_bad)); const ul = el("ul"); r.failed.forEach((f) => ul.append(el("li", {}, f))); box.append(ul); }
    if (r.headline) box.append(el("p", { class: "headline" }, r.headline));
    const plots = r.files.filter((f) => f.endsWith(".png"));
    if (plots.length) {
      box.append(el("h3", {}, T.plots));
      for (const p of plots) box.append(el("img", { src: fileUrl(s, p), alt: p, class: "plot" }));
    }
    const det = el("details"); det.append(el("summary", {}, T.measures), el("pre", {}, r.text));
    box.append(det);
    const links = el("p");
    r.files.filter((f) => !f.endsWith(".png")).forEach((f) => { links.append(el("a", { href: fileUrl(s, f), download: f }, f), " "); });
    box.append(links);
  }));

  $("build-button").addEventListener("click", () => start("build", (s, box) => {
    const r = s.result;
    const ul = el("ul", { class: "downloads" });
    for (const f of r.files) {
      const li = el("li");
      li.append(el("a", { href: fileUrl(s, f), download: f.split("/").pop(), "data-file": f }, f));
      ul.append(li);
    }
    const zli = el("li");
    zli.append(el("a", { href: `/api/jobs/${s.id}/zip`, download: r.zip_name, id: "zip-link" }, `${T.zip} (${r.zip_name})`));
    ul.append(zli);
    box.append(el("p", {}, `${r.title}: ${r.cards} ${T.cards}`), ul, el("p", { class: "note" }, T.zip_note));
    for (const n of r.notes.concat(r.warnings)) box.append(el("p", { class: "note" }, n));
    const adv = el("div", { class: "advice" });
    adv.append(el("h3", {}, T.advice_title));
    const list = el("ul");
    const duplex = { "duplex-long": T.advice_duplex, "duplex-short": T.advice_short, separate: T.advice_separate, none: T.advice_none }[r.duplex];
    [duplex, T.advice_scale, T.advice_bar].forEach((a) => list.append(el("li", {}, a)));
    adv.append(list);
    box.append(adv);
  }));

  const df = $("deckfile-button");
  if (df) df.addEventListener("click", async () => {
    const p = body(); p.set("cards", $("deckfile-cards").checked ? "true" : "false");
    const r = await fetch("/api/deckfile", { method: "POST", body: p, headers: { "Content-Type": "application/x-www-form-urlencoded" } });
    if (!r.ok) { showErrors(await r.json()); return; }
    const name = (r.headers.get("Content-Disposition") || "").match(/filename="([^"]+)"/);
    const a = el("a", { href: URL.createObjectURL(await r.blob()), download: name ? name[1] : "deck.toml" });
    document.body.append(a); a.click(); a.remove();
  });
})();
