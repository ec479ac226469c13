// The exported replay page's check (docs/FAIRNESS.md): Web Crypto HMAC over the revealed seeds.
"use strict";
// A number the record writes other than as a whole number (125.0, 1e2) parses as one; its text is kept
// here (holder -> key -> text, where the browser gives it) so that such a roll is not taken as whole.
const fractions = new WeakMap();
const record = JSON.parse(document.getElementById("record").textContent, function (key, value, context) {
  if (typeof value === "number" && context && typeof context.source === "string" && !/^-?\d+$/.test(context.source)) {
    if (!fractions.has(this)) fractions.set(this, new Map());
    fractions.get(this).set(key, context.source);
  }
  return value;
});
const HMAC = "hmac-sha256-v1";
const utf8 = (text) => new TextEncoder().encode(text);
const hex = (buffer) => Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");
const show = (value) => JSON.stringify(value);
// holder[key] as the record writes it.
const written = (holder, key) => fractions.get(holder)?.get(String(key)) ?? show(holder[key]);
// holder[key] is a whole number, written as one.
const whole = (holder, key) => Number.isSafeInteger(holder[key]) && !fractions.get(holder)?.has(String(key));

// The verdict is words and values; a value from the record is shown with each control or formatting
// character written as [U+202E] and isolated (<bdi>), so that it cannot reorder the words around it.
const HIDDEN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/gu;
const visible = (text) => String(text).replace(HIDDEN, (c) => "[U+" + c.codePointAt(0).toString(16).toUpperCase().padStart(4, "0") + "]");
const value = (text) => ({ value: text });
const failed = (...parts) => ({ ok: false, parts: ["not verified: ", ...parts] });
function shown(parts) {
  return parts.map((part) => {
    if (typeof part === "string") return part;
    const bdi = document.createElement("bdi");
    bdi.textContent = visible(part.value);
    return bdi;
  });
}

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
    if (!Number.isSafeInteger(n) || n < 1 || n > 2 ** 32) throw new Error("cannot draw below " + show(n));
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

// What a round record shows rolled (docs/FAIRNESS.md "Checking a record"): each NAME: value of a `rolls`
// or `cards` map or list of maps; each pair of a `rolls` list of pairs, the `passer`'s roll first, then
// the `receiver`'s (Hot Potato); the `leader_roll` of the `leader` (null only in a round nobody rolled in);
// a `roll` by `by` (No Mercy's depositions) or by `player` (Russian Roulette's pulls). Found as
// {name, holder, key}, or {unread: [key, value]} for a field of those names the page cannot read.
function shownRolls(round) {
  const found = [];
  const named = (entries) => { for (const name of Object.keys(entries)) found.push({ name, holder: entries, key: name }); };
  const rolls = (holder, key) => {
    const field = holder[key];
    if (field === null || typeof field !== "object") { found.push({ unread: [key, field] }); return; }
    if (!Array.isArray(field)) { named(field); return; }
    for (const item of field) {
      if (Array.isArray(item) && key === "rolls" && item.length === 2) {
        item.forEach((_, i) => found.push({ name: i === 0 ? holder.passer : holder.receiver, holder: item, key: i }));
      } else if (item !== null && typeof item === "object" && !Array.isArray(item)) {
        named(item);
      } else {
        found.push({ unread: [key, item] });
      }
    }
  };
  const walk = (node) => {
    if (Array.isArray(node)) { node.forEach(walk); return; }
    if (node === null || typeof node !== "object") return;
    for (const [key, field] of Object.entries(node)) {
      if (key === "rolls" || key === "cards") rolls(node, key);
      else if (key === "leader_roll") {
        const nobodyRolled = node.rolls === undefined || (node.rolls !== null && typeof node.rolls === "object" && Object.keys(node.rolls).length === 0);
        if (!(field === null && nobodyRolled)) found.push({ name: node.leader, holder: node, key });
      } else if (key === "roll") found.push({ name: node.by ?? node.player, holder: node, key });
      else walk(field);
    }
  };
  walk(round);
  return found;
}

async function check() {
  if (record.dice !== HMAC) {
    const what = record.dice || "mt19937-python-random (a format 1 record)";
    return failed("the dice ", value(what), " cannot be re-checked in a browser; run survivor-host verify");
  }
  const seed = String(record.seed);
  const commitment = hex(await crypto.subtle.digest("SHA-256", utf8(seed)));
  if (commitment !== record.commitment) {
    return failed("the commitment ", value(show(record.commitment)), " is not the SHA-256 of the seed (", commitment, ")");
  }
  const session = record.kind === "hand-session";
  const players = record.players.join(",") + (record.salts || []).map((salt) => ";" + salt).join("");
  const built = session ? record.host + "|" + players : players;
  if (session && record.client_seed == null) {  // signups never closed: no draw may come without a client seed
    const count = (record.draws || []).length;
    if (count) return failed("the record holds ", value(count), " draws but no client seed; no draw comes before it");
    return { ok: true, parts: ["signups were never closed: no client seed was fixed, so no draw could be made"] };
  }
  if (record.client_seed !== built) {
    return failed("the client seed ", value(show(record.client_seed)), " is not the players and salts (", value(show(built)), ")");
  }
  const stream = await Stream.open(seed, record.client_seed);
  const draws = record.draws || [];
  for (let i = 0; i < draws.length; i++) {
    const draw = draws[i];
    const where = session ? ["draw #" + (i + 1) + " (", value(draw.kind + (draw.label ? " for " + draw.label : "")), ")"]
      : ["draw #" + (i + 1) + " (round ", value(draw.round), ", ", value(draw.label || draw.kind), ")"];
    if (session && draw.number !== i + 1) {
      return failed(...where, " is numbered ", value(show(draw.number)), " in the record");
    }
    const numbers = ["roll", "card", "dice"].includes(draw.kind) ? ["value", "sides", "plus", "count", "ranks"] : [];
    const fraction = numbers.find((key) => key in draw && !whole(draw, key));
    if (fraction) return failed(...where, " has ", fraction, " ", value(written(draw, fraction)), ", which is not a whole number");
    let drawn = await stream.draw(draw);
    if (draw.kind === "dice") {
      if (show(drawn.rolls) !== show(draw.rolls) || !draw.rolls.every((_, i) => whole(draw.rolls, i))) {
        return failed(...where, " rolled ", value("[" + draw.rolls.map((_, i) => written(draw.rolls, i)).join(",") + "]"), " in the record, but the dice give ", value(show(drawn.rolls)));
      }
      drawn = drawn.value;
    }
    if (show(drawn) !== show(draw.value)) {
      return failed(...where, " is ", value(show(draw.value)), " in the record, but the dice give ", value(show(drawn)));
    }
  }
  for (const [index, round] of (record.rounds || []).entries()) {
    const number = round.number ?? index + 1;
    for (const roll of shownRolls(round)) {
      if (roll.unread) {
        return failed("round ", value(number), " shows ", roll.unread[0], " as ", value(show(roll.unread[1])), ", which the page cannot read");
      }
      const { name, holder, key } = roll;
      if (typeof name !== "string") {
        return failed("round ", value(number), " shows a roll of ", value(written(holder, key)), " by ", value(show(name)), ", not a player's name");
      }
      if (!whole(holder, key)) {
        return failed("round ", value(number), " shows ", value(name), " rolling ", value(written(holder, key)), ", which is not a whole number");
      }
      const rolled = holder[key];
      const found = draws.some((d) => d.kind === "roll" && d.round === number && d.value === rolled &&
        typeof d.label === "string" && d.label.endsWith(" for " + name));
      if (!found) return failed("round ", value(number), " shows ", value(name), " rolling ", value(rolled), ", which was not drawn");
    }
  }
  return { ok: true, parts: ["all " + draws.length + " draws are the dice of the committed seed and the client seed"] };
}

function stepper() {
  const sections = Array.from(document.querySelectorAll("section.step"));
  const label = document.getElementById("where");
  let current = 0;
  const go = (index) => {
    current = Math.max(0, Math.min(sections.length - 1, index));
    sections.forEach((section, i) => section.classList.toggle("current", i === current));
    const heading = sections[current].querySelector("h2").cloneNode(true);
    label.replaceChildren((current + 1) + " / " + sections.length + ": ", ...heading.childNodes);
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
// A page written with survivor-host verify's difference (#flag) is not verified, whatever this check finds.
const flagged = document.getElementById("flag") !== null;
check().catch((error) => failed("the check failed (", value(error), ")")).then((result) => {
  const ok = result.ok && !flagged;
  const parts = !result.ok ? result.parts : flagged
    ? ["not verified: survivor-host verify found the difference above; this page's own check, of the dice only, found none: ", ...result.parts]
    : ["verified: ", ...result.parts];
  const verdict = document.getElementById("verdict");
  verdict.replaceChildren(...shown(parts));
  verdict.className = ok ? "ok" : "bad";
  document.body.dataset.verdict = ok ? "verified" : "not-verified";
});
