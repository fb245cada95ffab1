// deckgen serve: the page's behaviour. Talks only to its own server (no other requests). No inline
// scripts or styles anywhere: the page keeps working under a strict Content-Security-Policy. Every
// word it shows comes from the server, in the page's language: the words in #words (from the
// catalogs), the server's messages, and a finished job's result as the server renders it.
"use strict";
(function () {
  document.documentElement.classList.remove("no-js");
  const T = JSON.parse(document.getElementById("words").textContent);
  const $ = (id) => document.getElementById(id);
  const el = (tag, attrs, text) => {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
    if (text !== undefined) e.textContent = text;
    return e;
  };
  const fmt = (s, vals) => s.replace(/\{(\w+)\}/g, (_, k) => String(vals[k]));
  const pageLang = document.documentElement.lang;
  const json = (r) => r.json().catch(() => ({ error: "HTTP " + r.status, fields: {} }));

  // ---------------------------------------------------------------- upload (index page)
  const upload = $("upload");
  if (upload) {
    upload.addEventListener("submit", async (ev) => {
      ev.preventDefault();
      const out = $("upload-out");
      out.textContent = "";
      const file = $("upload-file").files[0];
      if (!file) { out.append(el("p", { class: "error" }, T.empty_upload)); $("upload-file").focus(); return; }
      if (file.size === 0) { out.append(el("p", { class: "error" }, fmt(T.empty_file, { name: file.name }))); return; }
      if (file.size > 1000000) { out.append(el("p", { class: "error" }, T.too_big)); return; }
      const r = await fetch(`/api/upload?lang=${pageLang}&name=` + encodeURIComponent(file.name), { method: "POST", body: file, headers: { "Content-Type": "application/toml" } });
      const data = await json(r);
      if (r.ok) { location.href = data.url + "?lang=" + pageLang; return; }
      out.textContent = "";
      if (data.problems && data.problems.length) {
        out.append(el("h3", {}, T.problems));
        const ul = el("ul", { class: "problems" });
        for (const p of data.problems) {
          const li = el("li");
          li.append(el("b", {}, p.line ? fmt(T.line, { n: p.line }) : ""), " ", el("code", {}, p.field), " ", p.message);
          ul.append(li);
        }
        out.append(ul);
      } else {
        out.append(el("p", { class: "error" }, T.error + ": " + data.error));
      }
    });
  }

  // ---------------------------------------------------------------- game page
  const form = $("options");
  if (!form) return;
  // the page's actions and the command each is: a field is sent only by the actions whose command takes it
  const COMMAND = { check: "validate", build: "build", preview: "build", deckfile: "init" };
  const fields = () => Array.from(form.elements).filter((e) => e.name && !("nojs" in e.dataset) && e.name !== "with_cards");
  const value = (e) => e.type === "checkbox" ? (e.checked ? "true" : "false") : e.value;
  const unchanged = (e) => e.type === "hidden" ? false : value(e) === (e.dataset.default || "");
  const takes = (e, action) => !e.dataset.commands || e.dataset.commands.split(" ").includes(COMMAND[action]);
  // only what differs from the defaults is sent: the words a user would type on the command line
  function body(action) {
    const p = new URLSearchParams();
    for (const e of fields()) if (!unchanged(e) && takes(e, action) && !(e.type === "hidden" && e.value === "" && e.name === "back_image")) p.set(e.name, value(e));
    return p;
  }
  // the options live in the page's address: a bookmark or a shared link opens the same deck
  // (the deck's language is deck_lang there: lang is the page's own)
  function address(extra) {
    const p = new URLSearchParams();
    p.set("lang", pageLang);
    for (const e of fields()) {
      if (e.type === "hidden" || unchanged(e)) continue;
      if (e.name === "lang") { if (e.value !== pageLang) p.set("deck_lang", e.value); continue; } // it follows the page
      p.set(e.name, value(e));
    }
    for (const [k, v] of Object.entries(extra || {})) if (v) p.set(k, v);
    return p;
  }
  let runningJob = form.dataset.job || "";
  const jobs = { check: null, build: null }; // the job each kind is following
  function remember() {
    const p = address({ job: runningJob });
    history.replaceState(null, "", location.pathname + "?" + p.toString());
    for (const sw of document.querySelectorAll(".switch-lang")) {  // the language switch keeps the options (and the running job)
      const other = new URLSearchParams(p); other.set("lang", sw.getAttribute("hreflang"));
      sw.href = location.pathname + "?" + other.toString();
    }
  }

  // a check's or build's field errors stay beside their field until that field changes (a preview
  // that succeeds does not clear them: it does not look at check-only fields such as the games)
  const sticky = {};
  form.addEventListener("input", (ev) => { if (ev.target.name) delete sticky[ev.target.name]; }, true);
  form.addEventListener("change", (ev) => { if (ev.target.name) delete sticky[ev.target.name]; }, true);
  // the errors beside their fields; the first bad field is brought into view; returns whether one was placed
  function showErrors(data, keep, reveal) {
    if (keep && data) Object.assign(sticky, data.fields || {});
    data = { error: data ? data.error : "", fields: Object.assign({}, sticky, (data && data.fields) || {}) };
    if (!data.error && !Object.keys(data.fields).length) data = null;
    for (const s of form.querySelectorAll("[data-error-for]")) s.textContent = "";
    for (const f of form.querySelectorAll(".field")) {
      f.classList.remove("bad");
      for (const i of f.querySelectorAll("input, select")) i.removeAttribute("aria-invalid");
    }
    $("form-error").textContent = "";
    if (!data) return false;
    let first = null;
    for (const [name, msg] of Object.entries(data.fields || {})) {
      const s = form.querySelector(`[data-error-for="${CSS.escape(name)}"]`);
      if (s) {
        s.textContent = T.error + ": " + msg;
        const f = s.closest(".field"); f.classList.add("bad");
        for (const i of f.querySelectorAll("input:not([type=hidden]), select")) i.setAttribute("aria-invalid", "true");
        first = first || f;
      }
    }
    if (!first && data.error) $("form-error").textContent = T.error + ": " + data.error;
    if (reveal) (first || $("form-error")).scrollIntoView({ block: "center", behavior: "smooth" });
    return !!first;
  }
  async function post(url, params) {
    const r = await fetch(url, { method: "POST", body: params, headers: { "Content-Type": "application/x-www-form-urlencoded" } });
    return { ok: r.ok, status: r.status, data: await json(r) };
  }

  // ---------------------------------------------------------------- cards: zoom to print size, gallery
  const zoom = $("zoom");
  const mm = (img) => img.naturalWidth / 3; // previews are drawn at 3 px per mm
  function showZoom(src, n) {
    const box = $("zoom-body"); box.textContent = ""; box.className = "";
    $("gallery-nav").hidden = true;
    const img = el("img", { src, alt: fmt(T.card_zoom, { n }) });
    img.addEventListener("load", () => { img.style.width = "min(" + mm(img) + "mm, 88vw)"; });  // print size, within a phone
    box.append(img);
    if (!zoom.open) zoom.showModal();
  }
  let galleryAt = 0, galleryN = 0;
  async function galleryPage(start) {
    const { ok, data } = await post(`/api/preview?lang=${pageLang}&start=` + start, body("preview"));
    if (!ok) return;
    galleryAt = data.start; galleryN = data.cards;
    const box = $("zoom-body"); box.textContent = ""; box.className = "gallery";
    data.images.forEach((src, i) => {
      const b = el("button", { type: "button", "aria-label": fmt(T.card_n, { n: data.start + i + 1 }) });
      b.append(el("img", { src, alt: "" }));
      b.addEventListener("click", () => showZoom(src, data.start + i + 1));
      box.append(b);
    });
    $("gallery-nav").hidden = false;
    $("gallery-pos").textContent = fmt(T.gallery_pos, { a: data.start + 1, b: data.start + data.images.length, n: data.cards });
    $("gallery-prev").disabled = data.start === 0;
    $("gallery-next").disabled = data.start + data.images.length >= data.cards;
  }
  $("gallery-button").addEventListener("click", async () => { await galleryPage(0); if (!zoom.open) zoom.showModal(); });
  $("gallery-prev").addEventListener("click", () => galleryPage(Math.max(0, galleryAt - 8)));
  $("gallery-next").addEventListener("click", () => galleryPage(Math.min(galleryN - 1, galleryAt + 8)));
  $("zoom-close").addEventListener("click", () => zoom.close());
  zoom.addEventListener("click", (e) => { if (e.target.tagName === "IMG" && !$("zoom-body").classList.contains("gallery")) zoom.close(); });
  $("sample").addEventListener("click", (e) => {  // the sample, drawn by the server or by the preview
    const b = e.target.closest("button.card");
    if (b) showZoom(b.querySelector("img").src, b.getAttribute("aria-label"));
  });

  // ---------------------------------------------------------------- live preview, as the options change
  let asked = 0, timer = null;
  async function preview() {
    const n = ++asked;
    $("preview-status").textContent = T.preview_wait;
    const { ok, data } = await post("/api/preview?lang=" + pageLang, body("preview"));
    if (n !== asked) return; // a newer request is on its way
    if (!ok) { showErrors(data); $("preview-status").textContent = T.error + ": " + data.error; return; }
    showErrors(null);
    $("preview-status").textContent = "";
    $("counts").textContent = data.counts;
    $("preview-label").textContent = data.label;
    $("argv").textContent = data.command;
    const w = $("preview-warnings"); w.textContent = "";
    for (const line of data.warnings) w.append(el("li", {}, line));
    const box = $("sample"); box.textContent = "";
    data.images.forEach((src, i) => {
      const last = i === data.images.length - 1;
      const b = el("button", { type: "button", class: "card", "aria-label": last ? T.back : fmt(T.card_n, { n: i + 1 }) });
      b.append(el("img", { src, alt: "" }));
      box.append(b);
    });
    form.dataset.previewed = String(data.cards);
  }
  // an option changed: the preview follows, and a result made from the earlier options is set aside
  function changed() {
    remember();
    $("deckfile-error").textContent = "";
    for (const kind of ["check", "build"]) {
      const out = $(kind + "-out");
      if (!out.hidden && !jobs[kind]) {
        const result = $(kind + "-result");
        result.textContent = "";
        result.append(el("p", { class: "stale", id: kind + "-stale" }, T.stale));
        $(kind + "-status").textContent = "";
        $(kind + "-progress").value = 0;
      }
    }
  }
  // a back image goes to the server first, under its own name; the form then carries its token, and
  // the preview judges it against the card it covers (too coarse: said beside the field at once)
  const backFile = $("f-back_image");
  if (backFile) {
    const field = backFile.closest(".field");
    const say = (msg) => {
      $("e-back_image").textContent = msg ? T.error + ": " + msg : "";
      field.classList.toggle("bad", !!msg);
      if (msg) backFile.setAttribute("aria-invalid", "true"); else backFile.removeAttribute("aria-invalid");
    };
    const use = (token) => { $("back-token").value = token; $("back-remove").hidden = !token; changed(); preview(); };
    backFile.addEventListener("input", (ev) => ev.stopPropagation());
    backFile.addEventListener("change", async (ev) => {
      ev.stopPropagation();
      const file = backFile.files[0];
      if (!file) { say(""); use(""); return; }
      const r = await fetch(`/api/backimage?lang=${pageLang}&name=` + encodeURIComponent(file.name), { method: "POST", body: file, headers: { "Content-Type": file.type || "application/octet-stream" } });
      const data = await json(r);
      if (!r.ok) { say(data.error); use(""); return; }
      say(""); use(data.back_image);
    });
    $("back-remove").addEventListener("click", () => { backFile.value = ""; say(""); use(""); backFile.focus(); });
  }
  form.addEventListener("input", () => { changed(); clearTimeout(timer); timer = setTimeout(preview, 350); });
  form.addEventListener("change", () => { changed(); clearTimeout(timer); timer = setTimeout(preview, 50); });
  remember();
  if (!form.dataset.previewed) preview();  // the server drew the preview of the page's own values already

  // ---------------------------------------------------------------- checks and builds
  async function showResult(kind, id) {  // the result as the server renders it: the job page's very words
    const r = await fetch(`/jobs/${id}/result?lang=${pageLang}`);
    const box = $(kind + "-result");
    box.textContent = "";
    const doc = new DOMParser().parseFromString(await r.text(), "text/html");
    for (const node of Array.from(doc.body.childNodes)) box.append(node);
  }
  function follow(kind, state, done) {
    const bar = $(kind + "-progress"), status = $(kind + "-status");
    jobs[kind] = state.id;
    runningJob = state.id; remember();
    $(kind + "-cancel").hidden = false;
    const es = new EventSource(`/api/jobs/${state.id}/events?lang=${pageLang}`);
    const show = (s) => {
      bar.value = s.state === "queued" ? 0 : s.overall; // one bar for the whole job
      status.textContent = s.status;  // the server's words: the queue, or how far, the stage and the time left
    };
    const end = () => { es.close(); jobs[kind] = null; runningJob = ""; remember(); $(kind + "-cancel").hidden = true; $(kind + "-button").disabled = false; };
    show(state);
    es.addEventListener("queued", (e) => show(JSON.parse(e.data)));
    es.addEventListener("progress", (e) => show(JSON.parse(e.data)));
    es.addEventListener("done", (e) => { end(); bar.value = 1; status.textContent = ""; done(JSON.parse(e.data)); });
    es.addEventListener("failed", (e) => { end(); bar.value = 0; status.textContent = ""; showResult(kind, JSON.parse(e.data).id); });
    es.onerror = () => { if (es.readyState === EventSource.CLOSED) end(); };
  }
  async function start(kind) {
    const out = $(kind + "-out"), result = $(kind + "-result"), button = $(kind + "-button");
    result.textContent = "";
    out.hidden = false;
    button.disabled = true;
    const { ok, data } = await post("/api/" + kind + "?lang=" + pageLang, body(kind));
    if (!ok) {
      showErrors(data, true, true);
      $(kind + "-status").textContent = T.error + ": " + data.error;  // said beside the button too
      button.disabled = false; return;
    }
    for (const k of Object.keys(sticky)) delete sticky[k];
    showErrors(null);
    const madeFrom = body(kind).toString();
    follow(kind, data, (s) => {  // a result is shown only for the options it was made from
      if (body(kind).toString() === madeFrom) showResult(kind, s.id);
      else result.append(el("p", { class: "stale", id: kind + "-stale" }, T.stale));
    });
  }
  for (const kind of ["check", "build"]) {
    $(kind + "-button").addEventListener("click", (ev) => { ev.preventDefault(); start(kind); });
    $(kind + "-cancel").addEventListener("click", () => { if (jobs[kind]) post(`/api/jobs/${jobs[kind]}/cancel?lang=${pageLang}`, ""); });
    $(kind + "-cancel").hidden = true;
  }

  // a download whose files the server removed says so in words (not a bare 410)
  document.addEventListener("click", async (ev) => {
    const a = ev.target.closest("a[data-job]");
    if (!a) return;
    if (a.dataset.checked === "yes") { a.dataset.checked = ""; return; }
    ev.preventDefault();
    const r = await fetch(`/api/jobs/${a.dataset.job}?lang=${pageLang}`);
    const s = r.ok ? await r.json() : null;
    if (!s || s.removed) {
      const box = a.closest(".job").querySelector("[id$=-result]");
      box.textContent = "";
      box.append(el("p", { class: "error", id: "expired" }, T.expired));
      return;
    }
    a.dataset.checked = "yes"; a.click();
  });

  // a reload finds the running job again (its id is in the address)
  if (runningJob) {
    fetch(`/api/jobs/${runningJob}?lang=${pageLang}`).then((r) => r.ok ? r.json() : null).then((s) => {
      if (!s) { runningJob = ""; remember(); return; }
      const kind = s.kind;
      $(kind + "-out").hidden = false;
      $(kind + "-result").textContent = "";
      if (s.state === "done" || s.state === "failed") { showResult(kind, s.id); runningJob = ""; remember(); }
      else { $(kind + "-button").disabled = true; follow(kind, s, (d) => showResult(kind, d.id)); }
    });
  }

  $("deckfile-button").addEventListener("click", async (ev) => {
    ev.preventDefault();
    const cards = $("deckfile-cards").checked ? "true" : "false";
    const r = await fetch(`/api/deckfile?lang=${pageLang}&with_cards=${cards}`, { method: "POST", body: body("deckfile"), headers: { "Content-Type": "application/x-www-form-urlencoded" } });
    if (!r.ok) {
      const data = await json(r);
      showErrors(data, false, true);
      $("deckfile-error").textContent = T.error + ": " + data.error;  // beside the button, where the teacher looks
      return;
    }
    $("deckfile-error").textContent = "";
    const name = (r.headers.get("Content-Disposition") || "").match(/filename="([^"]+)"/);
    const a = el("a", { href: URL.createObjectURL(await r.blob()), download: name ? name[1] : "deck.toml" });
    document.body.append(a); a.click(); a.remove();
  });
})();
