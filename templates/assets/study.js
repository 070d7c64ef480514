/*
 * study.js — self-test questions (study mode).  Loaded only by pages that
 * hold a ```quiz block or figures to remember (study.c, study_assets()).
 *
 * Without it every question works through its <details>: the answer is
 * one click away.  With it a "type a number" question gets a field and a
 * Check button, a multiple choice gets a button per choice, and the
 * reader's last answer is kept in localStorage (it works from file:// too).
 *
 * The build did the arithmetic (DESIGN §11): each numeric question carries
 * the interval of the computed answer in the shown unit (data-lo, data-hi),
 * the tolerance of its relation (data-tol, data-abs) and the slips a wrong
 * answer may show, with their hints (data-slips).  What is done here is
 * what the checker does with a stated value, held to the precision of the
 * stored figure (data-key): the typed number means half a unit of the
 * key's last digit either way (for the key 1.8 TB/s, "2" is [1.95, 2.05]
 * and wrong, "1.83" is [1.78, 1.88] and right), and the answer is right
 * when that interval, widened by the tolerance, overlaps the computed one.
 * No unit is parsed: the reader types the number only.
 */
(function () {
	'use strict';
	if (window.specbookStudy) return;   /* loaded once per page */
	window.specbookStudy = true;

	/* How close a typed value must come to computed × a slip's factor for
	 * the hint to name it (relative). */
	var HINT_SLACK = 0.10;
	var STORE = 'specbook-study';

	function load() {
		try { return JSON.parse(localStorage.getItem(STORE) || '{}') || {}; } catch (e) { return {}; }
	}
	function save(key, value) {
		try {
			var all = load();
			all[key] = value;
			localStorage.setItem(STORE, JSON.stringify(all));
		} catch (e) { /* storage off: progress is not kept */ }
	}

	/* An element holding text in both languages, as the pages write it. */
	function bi(tag, cls, zh, en) {
		var el = document.createElement(tag);
		if (cls) el.className = cls;
		var b = document.createElement('span');
		b.className = 'bi';
		var z = document.createElement('span');
		z.lang = 'zh-Hans';
		z.textContent = zh;
		var e = document.createElement('span');
		e.lang = 'en';
		e.textContent = en;
		b.appendChild(z);
		b.appendChild(document.createTextNode(' '));
		b.appendChild(e);
		el.appendChild(b);
		return el;
	}

	/* The number a reader typed, or null when it is not one: "13.8",
	 * "13,824" (a comma before groups of three digits groups them), "1,8"
	 * (any other comma is a decimal comma), full-width digits and marks as
	 * a Chinese input method types them (１．８, 1，8); a unit typed after it
	 * (the shown one) is dropped. */
	function typed(text, unit) {
		var t = text.replace(/[\uff10-\uff19]/g, function (c) {
			return String.fromCharCode(c.charCodeAt(0) - 0xff10 + 48);
		}).replace(/[\uff0e\u3002]/g, '.').replace(/\uff0c/g, ',').replace(/\uff0b/g, '+').replace(/[\uff0d\u2212]/g, '-').trim();
		if (unit && t.slice(-unit.length) === unit) t = t.slice(0, -unit.length).trim();
		if (/^[+-]?\d+,\d+$/.test(t) && !/^[+-]?\d{1,3},\d{3}$/.test(t)) t = t.replace(',', '.');
		if (!/^[+-]?(\d{1,3}(,\d{3})+|\d+)(\.\d+)?$|^[+-]?\.\d+$/.test(t)) return null;
		return Number(t.replace(/,/g, ''));
	}

	/* Half a unit of the last digit of the stored figure (the key, "1.8
	 * TB/s" 0.05, "1,979 TFLOPS" 0.5): the precision a typed answer is held
	 * to (DESIGN §6, the precision rule).  A coarser answer ("2" for 1.8) is
	 * not right because its own digits would allow it; a finer one ("1.83")
	 * is read at the key's precision. */
	function keyHalf(key) {
		var m = /\d[\d,]*(?:\.(\d+))?/.exec(key || '');
		return m ? 0.5 * Math.pow(10, -(m[1] ? m[1].length : 0)) : 0.5;
	}

	function overlaps(a, lo, hi) {
		return a.lo <= hi && a.hi >= lo;
	}

	/* The hints of the slips, in both languages, as the page lists them
	 * once (study.c, study_assets()): hint number → { zh, en }. */
	function hints() {
		var h = {};
		var items = document.querySelectorAll('.quiz-hints > li');
		for (var i = 0; i < items.length; i++) {
			var z = items[i].querySelector('[lang="zh-Hans"]'), e = items[i].querySelector('[lang="en"]');
			h[items[i].getAttribute('data-k')] = { zh: z ? z.textContent : '', en: e ? e.textContent : '' };
		}
		return h;
	}
	var HINTS = null;

	/* Returns 'right', or the hint of the slip a wrong answer matches, or
	 * null.  x is the typed number.  A slip is named only when it explains
	 * the answer: x within 10% of the right answer times the slip's factor,
	 * and nearer to it than to the right answer (for the small factors
	 * 1.024ⁿ, within half the step, so a near miss is not called a GiB slip). */
	function grade(q, x) {
		var lo = Number(q.dataset.lo), hi = Number(q.dataset.hi);
		var tol = Number(q.dataset.tol) || 0, abs = Number(q.dataset.abs) || 0;
		var half = keyHalf(q.dataset.key);
		var t = { lo: x - half, hi: x + half };
		var w = { lo: t.lo - Math.abs(t.lo) * tol - abs, hi: t.hi + Math.abs(t.hi) * tol + abs };
		if (overlaps(w, lo, hi)) return 'right';
		var slips = [];
		try { slips = JSON.parse(q.dataset.slips || '[]'); } catch (e) { slips = []; }
		var best = null, bestErr = Infinity;
		for (var i = 0; i < slips.length; i++) {
			for (var k = 0; k < slips[i].f.length; k++) {
				var f = slips[i].f[k];
				if (!(f > 0) || f === 1) continue;
				var slack = Math.min(HINT_SLACK, Math.abs(Math.log(f)) / 2);
				var a = Math.min(lo * f, hi * f), b = Math.max(lo * f, hi * f);
				var err = x < a ? (a - x) / a : x > b ? (x - b) / b : 0;
				if (a > 0 && err <= slack && err < bestErr) { best = slips[i].k; bestErr = err; }
			}
		}
		if (best === null) return null;
		if (!HINTS) HINTS = hints();
		return HINTS[String(best)] || null;
	}

	function say(feedback, verdict, zh, en, hint) {
		feedback.textContent = '';
		feedback.className = 'quiz-feedback ' + verdict;
		feedback.appendChild(bi('span', 'quiz-verdict', zh, en));
		if (hint) {
			feedback.appendChild(document.createTextNode(' '));
			feedback.appendChild(bi('span', 'quiz-hint', hint.zh, hint.en));
		}
	}

	function numberQuiz(q, key) {
		var id = q.id + '-input';
		var form = document.createElement('form');
		form.className = 'quiz-form';
		var label = bi('label', 'quiz-input-label', '你的答案', 'Your answer');
		label.htmlFor = id;
		var input = document.createElement('input');
		input.id = id;
		input.type = 'text';
		input.inputMode = 'decimal';
		input.autocomplete = 'off';
		input.spellcheck = false;
		input.size = 10;
		var unit = document.createElement('span');
		unit.className = 'quiz-unit';
		unit.textContent = q.dataset.unit || '';
		var button = bi('button', 'quiz-check', '核对', 'Check');
		button.type = 'submit';
		var feedback = document.createElement('p');
		feedback.className = 'quiz-feedback';
		feedback.setAttribute('role', 'status');
		feedback.setAttribute('aria-live', 'polite');
		form.appendChild(label);
		form.appendChild(input);
		form.appendChild(unit);
		form.appendChild(button);
		q.insertBefore(form, q.querySelector('.quiz-answer'));
		q.insertBefore(feedback, q.querySelector('.quiz-answer'));

		function check(store) {
			var t = typed(input.value, q.dataset.unit);
			if (t === null) {
				say(feedback, 'quiz-invalid', '请输入一个数，如 13.8（单位 ' + (q.dataset.unit || '无') + '）。',
				    'Type a number, such as 13.8 (in ' + (q.dataset.unit || 'no unit') + ').');
				return;
			}
			var g = grade(q, t);
			if (g === 'right') {
				say(feedback, 'quiz-right', '对：答案是 ' + q.dataset.key + '。',
				    'Right: the answer is ' + q.dataset.key + '.');
			} else {
				say(feedback, 'quiz-wrong', '不对。', 'Not quite.', g);
				if (!g) {
					feedback.appendChild(document.createTextNode(' '));
					feedback.appendChild(bi('span', 'quiz-hint', '再算一遍，或看答案。',
								'Work it out again, or show the answer.'));
				}
			}
			if (store) {
				save(key, { answer: input.value, right: g === 'right' });
				graded(q, g === 'right');
			}
		}
		form.addEventListener('submit', function (ev) {
			ev.preventDefault();
			check(true);
		});
		var last = restore && load()[key];
		if (last && typeof last.answer === 'string') {
			input.value = last.answer;
			check(false);
		}
	}

	function choiceQuiz(q, key) {
		var items = q.querySelectorAll('.quiz-choices > li');
		var feedback = document.createElement('p');
		feedback.className = 'quiz-feedback';
		feedback.setAttribute('role', 'status');
		feedback.setAttribute('aria-live', 'polite');
		q.insertBefore(feedback, q.querySelector('.quiz-answer'));
		var buttons = [];
		function choose(i, store) {
			var right = items[i].hasAttribute('data-correct');
			for (var k = 0; k < buttons.length; k++) {
				buttons[k].setAttribute('aria-pressed', k === i ? 'true' : 'false');
				items[k].classList.toggle('quiz-chosen', k === i);
			}
			items[i].classList.toggle('quiz-right', right);
			items[i].classList.toggle('quiz-wrong', !right);
			if (right) say(feedback, 'quiz-right', '对。', 'Right.');
			else say(feedback, 'quiz-wrong', '不对，再选一次。', 'Not this one; try another.');
			if (store) {
				save(key, { choice: i, right: right });
				graded(q, right);
			}
		}
		Array.prototype.forEach.call(items, function (li, i) {
			var b = document.createElement('button');
			b.type = 'button';
			b.className = 'quiz-choice-button';
			b.setAttribute('aria-pressed', 'false');
			while (li.firstChild) b.appendChild(li.firstChild);
			li.appendChild(b);
			buttons.push(b);
			b.addEventListener('click', function () { choose(i, true); });
		});
		var last = restore && load()[key];
		if (last && typeof last.choice === 'number' && last.choice >= 0 && last.choice < items.length)
			choose(last.choice, false);
	}

	/* Called when the reader answers a question (not when a stored answer
	 * is shown again); the practice session listens. */
	var onGraded = null;
	function graded(q, right) {
		if (onGraded) onGraded(q, right);
	}

	/*
	 * practice.html: a session, one question at a time.  Each question sits
	 * in a box (0 to 5, kept in localStorage): a right answer moves it up
	 * one, a wrong one back to 0.  Next picks the questions missed in an
	 * earlier session first, then those never asked, then the lowest box,
	 * the one asked longest ago first.
	 *
	 * Within a session (one visit to the page) Next always moves on: a
	 * question shown once, answered or skipped, is not asked again, except
	 * one missed now, which comes back after GAP others.  Nor is its near
	 * duplicate: the same column of another row with the same answer (three
	 * "Memory … GiB" drills all 192 GiB are one question, asked once), and a
	 * column just asked gives way to others (interleaved practice).  When
	 * every question has been shown the session starts over.
	 * Keyboard: Enter checks, n (or the Next button) moves on.
	 */
	var GAP = 3;

	/* The column of a drill ("d-ROW-COL", "c-ROW-ROW-COL", study.c) or the
	 * question's own id. */
	function column(card) {
		var m = /^[dc]-.*-([^-]+)$/.exec(card.id);
		return m ? m[1] : card.id;
	}
	/* What makes two questions one: a number drill's column and answer; a
	 * choice its column and its right answer. */
	function family(card) {
		if (card.dataset.kind === 'number') return column(card) + '=' + (card.dataset.key || card.id);
		var right = card.querySelector('.quiz-choices > li[data-correct]');
		return column(card) + '?' + (right ? right.textContent.trim() : card.id);
	}

	function practice(article) {
		var cards = Array.prototype.slice.call(article.querySelectorAll('.quiz'));
		if (!cards.length) return;
		var KEY = location.pathname + '#practice';
		var st = load()[KEY] || {};
		st.box = st.box || {};
		st.seen = st.seen || {};
		st.t = st.t || 0;
		var fam = cards.map(family), col = cards.map(column);
		/* this session: when each card and family was shown (its turn), and
		 * which cards were missed in it */
		var turn = 0, shownAt = {}, famAt = {}, missedNow = {}, recentCols = [];
		var bar = document.createElement('div');
		bar.className = 'practice-bar';
		var status = document.createElement('p');
		status.className = 'practice-status';
		status.setAttribute('aria-live', 'polite');
		var next = bi('button', 'practice-next', '下一题', 'Next question');
		next.type = 'button';
		next.setAttribute('aria-keyshortcuts', 'n');
		var all = bi('button', 'practice-all', '显示全部题目', 'Show every question');
		all.type = 'button';
		all.setAttribute('aria-pressed', 'false');
		bar.appendChild(status);
		bar.appendChild(next);
		bar.appendChild(all);
		var intro = article.querySelector(':scope > .pair, :scope > p');
		article.insertBefore(bar, intro ? intro.nextSibling : article.firstChild);
		article.classList.add('practice-session');
		var current = null;

		/* null when card i may not be asked now, else its rank (lower first) */
		function rank(i) {
			var id = cards[i].id, seen = st.seen[id], box = st.box[id] || 0;
			if (cards[i] === current) return null;
			if (shownAt[id] !== undefined) {
				/* shown in this session: only a miss comes back, after GAP others */
				if (!missedNow[id] || turn - shownAt[id] <= GAP) return null;
			} else if (famAt[fam[i]] !== undefined) {
				return null;   /* its near duplicate was asked */
			}
			var group = missedNow[id] ? 0 : seen && box === 0 ? 1 : !seen ? 2 : 3;
			var recent = recentCols.indexOf(col[i]) >= 0 ? 1 : 0;
			return [group === 0 ? 0 : 1, recent, group, box, seen || 0, i];
		}
		function less(a, b) {
			for (var k = 0; k < a.length; k++) if (a[k] !== b[k]) return a[k] < b[k];
			return false;
		}
		function show(card, quiet) {
			if (current) current.classList.remove('practice-current');
			current = card;
			var i = cards.indexOf(card);
			turn++;
			shownAt[card.id] = turn;
			famAt[fam[i]] = turn;
			recentCols.unshift(col[i]);
			recentCols.length = Math.min(recentCols.length, GAP);
			card.classList.add('practice-current');
			var table = card.closest('.practice-table');
			Array.prototype.forEach.call(article.querySelectorAll('.practice-table'), function (t) {
				t.classList.toggle('practice-here', t === table);
			});
			if (quiet) return;   /* the page just opened: it starts at its top */
			var first = card.querySelector('input, .quiz-choice-button');
			if (first) first.focus({ preventScroll: true });
			card.scrollIntoView({ block: 'nearest' });
		}
		function pick() {
			var best = -1, bestRank = null;
			for (var i = 0; i < cards.length; i++) {
				var r = rank(i);
				if (r && (best < 0 || less(r, bestRank))) { best = i; bestRank = r; }
			}
			if (best < 0 && cards.length > 1) {
				/* every question was shown: a new round */
				shownAt = {};
				famAt = {};
				missedNow = {};
				return pick();
			}
			return cards[best < 0 ? 0 : best];
		}
		function count() {
			var right = 0, review = 0;
			for (var i = 0; i < cards.length; i++) {
				var id = cards[i].id;
				if (st.box[id] > 0) right++;
				else if (st.seen[id]) review++;
			}
			status.textContent = '';
			status.appendChild(bi('span', '', '答对 ' + right + ' / ' + cards.length + ' · 待复习 ' + review,
					      'Right ' + right + ' of ' + cards.length + ' · to review ' + review));
		}
		onGraded = function (q, right) {
			if (cards.indexOf(q) < 0) return;
			st.box[q.id] = right ? Math.min((st.box[q.id] || 0) + 1, 5) : 0;
			st.seen[q.id] = ++st.t;
			if (right) delete missedNow[q.id];
			else missedNow[q.id] = true;
			save(KEY, st);
			count();
			next.focus({ preventScroll: true });
		};
		next.addEventListener('click', function () { show(pick()); });
		all.addEventListener('click', function () {
			var on = article.classList.toggle('practice-session');
			all.setAttribute('aria-pressed', on ? 'false' : 'true');
		});
		document.addEventListener('keydown', function (ev) {
			var t = ev.target;
			if (ev.key !== 'n' || ev.ctrlKey || ev.metaKey || ev.altKey) return;
			if (t && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.isContentEditable)) return;
			ev.preventDefault();
			show(pick());
		});
		count();
		show(pick(), true);
	}

	/* Show the reader's last answer again (on a chapter; a practice session
	 * asks afresh). */
	var restore = true;

	function init() {
		restore = !document.querySelector('.practice-page');
		var quizzes = document.querySelectorAll('.quiz[data-kind]');
		for (var i = 0; i < quizzes.length; i++) {
			var q = quizzes[i];
			var key = location.pathname + '#' + q.id;
			q.classList.add('quiz-live');
			if (q.dataset.kind === 'number') numberQuiz(q, key);
			else if (q.dataset.kind === 'choice') choiceQuiz(q, key);
		}
		var page = document.querySelector('.practice-page');
		if (page) practice(page);
	}

	if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', init);
	else init();
})();
