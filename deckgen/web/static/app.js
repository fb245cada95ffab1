// deckgen serve: the page's behaviour. Talks only to its own server (no other requests). No inline
// scripts or styles anywhere: the page keeps working under a strict Content-Security-Policy.
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

  // ---------------------------------------------------------------- upload (index page)
  const upload = $("upload");
  if (upload) {
    upload.addEventListener("submit", async (ev) => {
      ev.preventDefault();
      const out = $("upload-out");
      out.textContent = "";
      const file = $("upload-file").files[0];
      if (!file) { out.append(el("p", { class: "error" }, T.empty_upload)); $("upload-file").focus(); return; }
      if (file.size === 0) { out.append(el("p", { class: "error" }, T.empty_file + " (" + file.name + ")")); return; }
      if (file.size > 1000000) { out.append(el("p", { class: "error" }, T.too_big)); return; }
      const r = await fetch(`/api/upload?lang=${pageLang}&name=` + encodeURIComponent(file.name), { method: "POST", body: file, headers: { "Content-Type": "application/toml" } });
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
        out.append(el("p", { class: "error" }, T.error + ": " + data.error));
      }
    });
  }

  // ---------------------------------------------------------------- game page
  const form = $("options");
  if (!form) return;
  const lang = form.dataset.lang;

  // only what differs from the defaults is sent: the words a user would type on the command line
  const fields = () => Array.from(form.elements).filter((e) => e.name && !("nojs" in e.dataset));
  const value = (e) => e.type === "checkbox" ? (e.checked ? "true" : "false") : e.value;
  const unchanged = (e) => e.type === "hidden" ? false : value(e) === (e.dataset.default || "");
  function body() {
    const p = new URLSearchParams();
    for (const e of fields()) if (!unchanged(e)) p.set(e.name, value(e));
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
    const sw = $("switch-lang");  // the language switch keeps the options (and the running job)
    const other = new URLSearchParams(p); other.set("lang", pageLang === "es" ? "en" : "es");
    if (sw) sw.href = location.pathname + "?" + other.toString();
  }

  // a check's or build's field errors stay beside their field until that field changes (a preview
  // that succeeds does not clear them: it does not look at check-only fields such as the games)
  const sticky = {};
  form.addEventListener("input", (ev) => { if (ev.target.name) delete sticky[ev.target.name]; }, true);
  form.addEventListener("change", (ev) => { if (ev.target.name) delete sticky[ev.target.name]; }, true);
  function showErrors(data, keep) {
    if (keep && data) Object.assign(sticky, data.fields || {});
    data = { error: data ? data.error : "", fields: Object.assign({}, sticky, (data && data.fields) || {}) };
    if (!data.error && !Object.keys(data.fields).length) data = null;
    for (const s of form.querySelectorAll("[data-error-for]")) s.textContent = "";
    for (const f of form.querySelectorAll(".field")) {
      f.classList.remove("bad");
      for (const i of f.querySelectorAll("input, select")) i.removeAttribute("aria-invalid");
    }
    $("form-error").textContent = "";
    if (!data) return;
    const fieldErrors = data.fields || {};
    let placed = false;
    for (const [name, msg] of Object.entries(fieldErrors)) {
      const s = form.querySelector(`[data-error-for="${name}"]`);
      if (s) {
        s.textContent = T.error + ": " + msg;
        const f = s.closest(".field"); f.classList.add("bad");
        for (const i of f.querySelectorAll("input:not([type=hidden]), select")) i.setAttribute("aria-invalid", "true");
        placed = true;
      }
    }
    if (!placed && data.error) $("form-error").textContent = T.error + ": " + data.error;
  }
  async function post(url, params) {
    const r = await fetch(url, { method: "POST", body: params, headers: { "Content-Type": "application/x-www-form-urlencoded" } });
    const data = await r.json().catch(() => ({ error: "HTTP " + r.status }));
    return { ok: r.ok, status: r.status, data };
  }

  // ---------------------------------------------------------------- cards: zoom to print size, gallery
  const zoom = $("zoom");
  const mm = (img) => img.naturalWidth / 3; // previews are drawn at 3 px per mm
  function showZoom(src, n) {
    const box = $("zoom-body"); box.textContent = ""; box.className = "";
    $("gallery-nav").hidden = true;
    const img = el("img", { src, alt: fmt(T.card_zoom, { n }) });
    img.addEventListener("load", () => { img.style.width = mm(img) + "mm"; });
    box.append(img);
    zoom.showModal();
  }
  let galleryAt = 0, galleryN = 0;
  async function galleryPage(start) {
    const { ok, data } = await post(`/api/preview?lang=${pageLang}&start=` + start, body());
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
  $("gallery-button").addEventListener("click", async () => { await galleryPage(0); zoom.showModal(); });
  $("gallery-prev").addEventListener("click", () => galleryPage(Math.max(0, galleryAt - 8)));
  $("gallery-next").addEventListener("click", () => galleryPage(Math.min(galleryN - 1, galleryAt + 8)));
  $("zoom-close").addEventListener("click", () => zoom.close());
  zoom.addEventListener("click", (e) => { if (e.target.tagName === "IMG" && !$("zoom-body").classList.contains("gallery")) zoom.close(); });

  // ---------------------------------------------------------------- live preview, as the options change
  let asked = 0, timer = null;
  async function preview() {
    const n = ++asked;
    $("preview-status").textContent = T.preview_wait;
    const { ok, data } = await post("/api/preview?lang=" + pageLang, body());
    if (n !== asked) return; // a newer request is on its way
    if (!ok) { showErrors(data); $("preview-status").textContent = T.error + ": " + data.error; return; }
    showErrors(null);
    $("preview-status").textContent = "";
    $("n-cards").textContent = data.cards;
    $("n-sheets").textContent = data.sheets;
    $("n-pages").textContent = data.pages;
    $("n-per").textContent = data.per_sheet;
    $("n-help").textContent = !data.help_cards ? "" : " (" + (data.help_cards === 1 ? T.help_card_note : fmt(T.help_cards_note, { n: data.help_cards })) + ")";
    $("preview-label").textContent = data.label;
    const w = $("preview-warnings"); w.textContent = "";
    for (const line of data.warnings) w.append(el("li", {}, line));
    const box = $("sample"); box.textContent = "";
    data.images.forEach((src, i) => {
      const last = i === data.images.length - 1;
      const name = last ? T.back : fmt(T.card_n, { n: i + 1 });
      const b = el("button", { type: "button", class: "card", "aria-label": name });
      b.append(el("img", { src, alt: "" }));
      b.addEventListener("click", () => showZoom(src, name));
      box.append(b);
    });
    form.dataset.previewed = String(data.cards);
  }
  // an option changed: the preview follows, and a result made from the earlier options is set aside
  function changed() {
    remember();
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
  // a back image goes to the server first; the form then carries its token
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
      const r = await fetch("/api/backimage?lang=" + pageLang, { method: "POST", body: file, headers: { "Content-Type": file.type || "application/octet-stream" } });
      const data = await r.json().catch(() => ({ error: "HTTP " + r.status }));
      if (!r.ok) { say(data.error); use(""); return; }
      say(""); use(data.back_image);
    });
    $("back-remove").addEventListener("click", () => { backFile.value = ""; say(""); use(""); backFile.focus(); });
  }
  form.addEventListener("input", () => { changed(); clearTimeout(timer); timer = setTimeout(preview, 350); });
  form.addEventListener("change", () => { changed(); clearTimeout(timer); timer = setTimeout(preview, 50); });
  remember();
  preview();

  // ---------------------------------------------------------------- checks and builds
  const stageWords = (label) => {
    let m;
    if ((m = /^default deck, (\d+) players$/.exec(label))) return fmt(T.stage_default, { n: m[1] });
    if ((m = /^(.*?)(\d+) players$/.exec(label))) return m[1] + fmt(T.stage_players, { n: m[2] });
    if (label === "rulebook") return T.stage_rulebook;
    if (label.startsWith("skill ladder")) return T.stage_skill;
    if (label.startsWith("games")) return T.stage_games;
    return label;
  };
  function follow(kind, state, done) {
    const bar = $(kind + "-progress"), status = $(kind + "-status");
    jobs[kind] = state.id;
    runningJob = state.id; remember();
    $(kind + "-cancel").hidden = false;
    const es = new EventSource(`/api/jobs/${state.id}/events`);
    const show = (s) => {
      if (s.state === "queued") {
        status.textContent = s.ahead > 0 ? fmt(T.queued, s) : fmt(T.queued_next, s);
        bar.value = 0;
      } else {
        bar.value = s.overall; // one bar for the whole job
        let text = T.working + " " + Math.round(s.overall * 100) + " %";
        if (s.progress) text += " · " + stageWords(s.progress.label);
        if (s.overall > 0.05 && s.elapsed > 2) text += " · " + fmt(T.time_left, { s: Math.max(1, Math.round(s.elapsed * (1 - s.overall) / s.overall)) });
        status.textContent = text;
      }
    };
    const end = () => { es.close(); jobs[kind] = null; runningJob = ""; remember(); $(kind + "-cancel").hidden = true; $(kind + "-button").disabled = false; };
    show(state);
    es.addEventListener("queued", (e) => show(JSON.parse(e.data)));
    es.addEventListener("progress", (e) => show(JSON.parse(e.data)));
    es.addEventListener("done", (e) => { end(); const s = JSON.parse(e.data); bar.value = 1; status.textContent = ""; done(s); });
    es.addEventListener("failed", (e) => {
      end(); const s = JSON.parse(e.data); bar.value = 0;
      status.textContent = "";
      $(kind + "-result").append(el("p", { class: "error" }, s.error === "cancelled" ? T.cancelled : T.failed + ": " + s.error));
    });
    es.onerror = () => { if (es.readyState === EventSource.CLOSED) end(); };
  }
  async function start(kind) {
    const out = $(kind + "-out"), result = $(kind + "-result"), button = $(kind + "-button");
    result.textContent = "";
    out.hidden = false;
    button.disabled = true;
    const { ok, data } = await post("/api/" + kind + "?lang=" + pageLang, body());
    if (!ok) { showErrors(data, true); $(kind + "-status").textContent = T.error + ": " + data.error; button.disabled = false; button.focus(); return; }
    for (const k of Object.keys(sticky)) delete sticky[k];
    showErrors(null);
    const madeFrom = body().toString();
    follow(kind, data, (s) => {  // a result is shown only for the options it was made from
      if (body().toString() === madeFrom) render[kind](s, result);
      else result.append(el("p", { class: "stale", id: kind + "-stale" }, T.stale));
    });
  }
  for (const kind of ["check", "build"]) {
    $(kind + "-button").addEventListener("click", (ev) => { ev.preventDefault(); start(kind); });
    $(kind + "-cancel").addEventListener("click", () => { if (jobs[kind]) post(`/api/jobs/${jobs[kind]}/cancel`, ""); });
    $(kind + "-cancel").hidden = true;
  }
  const fileUrl = (s, name) => `/api/jobs/${s.id}/files/${name.split("/").map(encodeURIComponent).join("/")}?lang=${pageLang}`;
  const plotAlt = (name) => /length/.test(name) ? T.plot_length : /seat|advantage/.test(name) ? T.plot_seats : T.plot_other;
  const players = (k) => k.lo === k.hi ? String(k.lo) : `${k.lo} ${T.to} ${k.hi}`;

  // a download whose files the server removed says so in words (not a bare 410)
  function download(a) {
    a.addEventListener("click", async (ev) => {
      if (a.dataset.checked === "yes") { a.dataset.checked = ""; return; }
      ev.preventDefault();
      const r = await fetch(`/api/jobs/${a.dataset.job}`);
      const s = r.ok ? await r.json() : null;
      if (!s || s.removed) {
        const box = a.closest(".job").querySelector("[id$=-result]");
        box.textContent = "";
        box.append(el("p", { class: "error", id: "expired" }, T.expired));
        return;
      }
      a.dataset.checked = "yes"; a.click();
    });
    return a;
  }

  const render = {
    check(s, box) {
      const r = s.result;
      box.append(el("p", { class: "verdict " + (r.ok ? "ok" : "bad"), id: "verdict" }, r.ok ? T.playable : T.not_playable));
      const k = r.key || {};
      const key = !r.ok ? T.key_bad
        : k.minutes ? fmt(T.key_ok, { players: players(k), minutes: k.minutes[0] === k.minutes[1] ? k.minutes[0] : `${k.minutes[0]}–${k.minutes[1]}` })
        : fmt(T.key_ok_nomin, { players: players(k) });
      box.append(el("p", { class: "key", id: "key-line" }, key));
      if (r.teacher && r.teacher.length) {  // the teacher's few design measures, each with its definition on hover
        const ul = el("ul", { class: "teacher", id: "teacher" });
        r.teacher.forEach((x) => ul.append(el("li", { title: x.definition }, (x.variant ? x.variant + ": " : "") + x.text)));
        box.append(ul);
      }
      if (r.ok) box.append(el("p", {}, fmt(T.verdict_ok, r)));
      if (r.ok && r.basis) box.append(el("p", { class: "basis", id: "verdict-basis" }, T.basis + " " + r.basis));
      if (!r.ok) { box.append(el("p", {}, T.verdict_bad)); const ul = el("ul", { class: "failed" }); r.failed.forEach((f) => ul.append(el("li", {}, f))); box.append(ul); }
      // a deck that is not playable is not compared with the default deck (pipeline.validate)
      if (r.default || r.ok) box.append(el("p", { class: "note", id: "compared" }, r.default ? T.is_default : T.compared));
      const plots = r.files.filter((f) => f.endsWith(".png"));
      if (plots.length) {
        box.append(el("h3", {}, T.plots));
        for (const p of plots) box.append(el("img", { src: fileUrl(s, p), alt: fmt(T.plot_alt, { name: plotAlt(p) }), class: "plot" }));
      }
      const det = el("details"); det.append(el("summary", {}, T.measures), el("pre", { tabindex: "0", lang: r.text_lang || "en" }, r.text));
      box.append(det);
      const links = el("p");
      r.files.filter((f) => !f.endsWith(".png")).forEach((f) => { links.append(download(el("a", { href: fileUrl(s, f), download: f, "data-job": s.id }, f)), " "); });
      box.append(links);
    },
    build(s, box) {
      const r = s.result;
      const ul = el("ul", { class: "downloads" });
      for (const f of r.files) {
        const li = el("li");
        li.append(download(el("a", { href: fileUrl(s, f), download: f.split("/").pop(), "data-file": f, "data-job": s.id }, f)));
        ul.append(li);
      }
      const zli = el("li");
      zli.append(download(el("a", { href: `/api/jobs/${s.id}/zip?lang=${pageLang}`, download: r.zip_name, id: "zip-link", "data-job": s.id }, `${T.zip} (${r.zip_name})`)));
      ul.append(zli);
      box.append(el("p", {}, `${r.title}: ${r.cards} ${T.cards}. ` + fmt(T.pages_total, r)), ul, el("p", { class: "note" }, T.zip_note));
      for (const n of r.notes.concat(r.warnings)) box.append(el("p", { class: "note", lang: "en" }, n));
      const adv = el("div", { class: "advice" });
      adv.append(el("h3", {}, T.advice_title));
      const list = el("ul");
      const duplex = {
        "duplex-long": T.advice_duplex, "duplex-short": T.advice_short, none: T.advice_none,
        separate: fmt(T.advice_separate_pages, r), "manual-duplex": fmt(T.advice_manual, r),
      }[r.duplex];
      [duplex, T.advice_scale, T.advice_bar].forEach((a) => list.append(el("li", {}, a)));
      adv.append(list);
      box.append(adv);
    },
  };

  // a reload finds the running job again (its id is in the address)
  if (runningJob) {
    fetch(`/api/jobs/${runningJob}`).then((r) => r.ok ? r.json() : null).then((s) => {
      if (!s) { runningJob = ""; remember(); return; }
      const kind = s.kind;
      $(kind + "-out").hidden = false;
      $(kind + "-result").textContent = "";
      if (s.state === "done") { render[kind](s, $(kind + "-result")); runningJob = ""; remember(); }
      else if (s.state === "failed") { $(kind + "-result").append(el("p", { class: "error" }, s.error === "cancelled" ? T.cancelled : T.failed + ": " + s.error)); runningJob = ""; remember(); }
      else { $(kind + "-button").disabled = true; follow(kind, s, (d) => render[kind](d, $(kind + "-result"))); }
    });
  }

  const df = $("deckfile-button");
  if (df) df.addEventListener("click", async () => {
    const p = body(); p.set("cards", $("deckfile-cards").checked ? "true" : "false");
    const r = await fetch("/api/deckfile?lang=" + pageLang, { method: "POST", body: p, headers: { "Content-Type": "application/x-www-form-urlencoded" } });
    if (!r.ok) { showErrors(await r.json()); return; }
    const name = (r.headers.get("Content-Disposition") || "").match(/filename="([^"]+)"/);
    const a = el("a", { href: URL.createObjectURL(await r.blob()), download: name ? name[1] : "deck.toml" });
    document.body.append(a); a.click(); a.remove();
  });
})();
