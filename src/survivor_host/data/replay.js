// The exported replay page's check (docs/FAIRNESS.md): Web Crypto HMAC over the revealed seeds.
"use strict";
const record = JSON.parse(document.getElementById("record").textContent);
const HMAC = "hmac-sha256-v1";
const utf8 = (text) => new TextEncoder().encode(text);
const hex = (buffer) => Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");
const show = (value) => JSON.stringify(value);

class Stream {
  constructor(key, clientSeed) { this.key = key; this.clientSeed = clientSeed; this.counter = 0; this.words = []; }
  static async open(serverSeed, clientSeed) {
    const key = await crypto.subtle.importKey("raw", utf8(serverSeed), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
    return new Stream(key, clientSeed);
  }
  async word() {
    if (this.words.length === 0) {
      const block = await crypto.subtle.sign("HMAC", this.key, utf8(this.clientSeed + ":" + this.counter));
      this.counter += 1;
      const view = new DataView(block);
      for (let i = 0; i < 32; i += 4) this.words.push(view.getUint32(i, false));
    }
    return this.words.shift();
  }
  async below(n) {
    const space = 2 ** 32;
    const limit = space - (space % n);
    for (;;) { const w = await this.word(); if (w < limit) return w % n; }
  }
  async draw(draw) {
    if (draw.kind === "roll") return 1 + draw.plus + await this.below(draw.sides);
    if (draw.kind === "card") return 1 + await this.below(draw.ranks);
    if (draw.kind === "dice") {
      const rolls = [];
      for (let i = 0; i < draw.count; i++) rolls.push(1 + await this.below(draw.sides));
      return { rolls, value: rolls.reduce((a, b) => a + b, 0) + draw.plus };
    }
    if (draw.kind === "pick") return draw.names[await this.below(draw.names.length)];
    if (draw.kind === "shuffle") {
      const order = draw.names.slice();
      for (let i = order.length - 1; i > 0; i--) {
        const j = await this.below(i + 1);
        [order[i], order[j]] = [order[j], order[i]];
      }
      return order;
    }
    throw new Error("unknown draw kind " + show(draw.kind));
  }
}

function shownRolls(round) {
  // [name, value] for every roll a round record shows (docs/FAIRNESS.md "Checking a record").
  const found = [];
  const walk = (value, key, parent) => {
    if (Array.isArray(value)) { value.forEach((item) => walk(item, key, parent)); return; }
    if (value === null || typeof value !== "object") return;
    for (const [k, v] of Object.entries(value)) {
      if ((k === "rolls" || k === "cards") && v && typeof v === "object") {
        const maps = Array.isArray(v) ? v : [v];
        for (const map of maps) {
          if (map && typeof map === "object") for (const [name, n] of Object.entries(map)) if (typeof n === "number") found.push([name, n]);
        }
      } else if (k === "leader_roll" && typeof v === "number" && value.leader) {
        found.push([value.leader, v]);
      } else if (k === "roll" && typeof v === "number" && value.by) {
        found.push([value.by, v]);
      } else {
        walk(v, k, value);
      }
    }
  };
  walk(round, "", null);
  return found;
}

async function check() {
  if (record.dice !== HMAC) {
    const what = record.dice || "mt19937-python-random (a format 1 record)";
    return "not verified: the dice " + what + " cannot be re-checked in a browser; run survivor-host verify";
  }
  const seed = String(record.seed);
  const commitment = hex(await crypto.subtle.digest("SHA-256", utf8(seed)));
  if (commitment !== record.commitment) {
    return "not verified: the commitment " + show(record.commitment) + " is not the SHA-256 of the seed (" + commitment + ")";
  }
  const session = record.kind === "hand-session";
  const players = record.players.join(",") + (record.salts || []).map((salt) => ";" + salt).join("");
  const built = session ? record.host + "|" + players : players;
  if (record.client_seed !== built) {
    return "not verified: the client seed " + show(record.client_seed) + " is not the players and salts (" + show(built) + ")";
  }
  const stream = await Stream.open(seed, record.client_seed);
  const draws = record.draws || [];
  for (let i = 0; i < draws.length; i++) {
    const draw = draws[i];
    const where = session ? "draw #" + (i + 1) + " (" + draw.kind + (draw.label ? " for " + draw.label : "") + ")"
      : "draw #" + (i + 1) + " (round " + draw.round + ", " + (draw.label || draw.kind) + ")";
    if (session && draw.number !== i + 1) {
      return "not verified: " + where + " is numbered " + show(draw.number) + " in the record";
    }
    let value = await stream.draw(draw);
    if (draw.kind === "dice") {
      if (show(value.rolls) !== show(draw.rolls)) {
        return "not verified: " + where + " rolled " + show(draw.rolls) + " in the record, but the dice give " + show(value.rolls);
      }
      value = value.value;
    }
    if (show(value) !== show(draw.value)) {
      return "not verified: " + where + " is " + show(draw.value) + " in the record, but the dice give " + show(value);
    }
  }
  for (const [index, round] of (record.rounds || []).entries()) {
    const number = round.number ?? index + 1;
    for (const [name, value] of shownRolls(round)) {
      const drawn = draws.some((d) => d.kind === "roll" && d.round === number && d.value === value &&
        typeof d.label === "string" && d.label.endsWith(" for " + name));
      if (!drawn) return "not verified: round " + number + " shows " + name + " rolling " + value + ", which was not drawn";
    }
  }
  return "verified: all " + draws.length + " draws are the dice of the committed seed and the client seed";
}

function stepper() {
  const sections = Array.from(document.querySelectorAll("section.step"));
  const label = document.getElementById("where");
  let current = 0;
  const go = (index) => {
    current = Math.max(0, Math.min(sections.length - 1, index));
    sections.forEach((section, i) => section.classList.toggle("current", i === current));
    label.textContent = (current + 1) + " / " + sections.length + ": " + sections[current].querySelector("h2").textContent;
  };
  document.getElementById("prev").addEventListener("click", () => go(current - 1));
  document.getElementById("next").addEventListener("click", () => go(current + 1));
  document.getElementById("all").addEventListener("click", () => document.body.classList.toggle("stepping"));
  document.addEventListener("keydown", (event) => {
    if (event.key === "ArrowLeft") go(current - 1);
    if (event.key === "ArrowRight") go(current + 1);
  });
  go(0);
}

stepper();
check().catch((error) => "not verified: the check failed (" + error + ")").then((text) => {
  const verdict = document.getElementById("verdict");
  verdict.textContent = text;
  verdict.className = text.startsWith("verified") ? "ok" : "bad";
  document.body.dataset.verdict = text.startsWith("verified") ? "verified" : "not-verified";
});
