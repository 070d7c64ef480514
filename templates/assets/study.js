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
 * what the checker does with a stated value: the digits typed mean half a
 * unit of the last one either way (13.8 is [13.75, 13.85]), and the answer
 * is right when that interval, widened by the tolerance, overlaps the
 * computed one.  No unit is parsed: the reader types the number only.
 */
(function () {
	'use strict';
	if (window.specbookStudy) return;   /* loaded once per page */
	window.specbookStudy = true;

	/* How close a typed value must come to computed × a slip's factor for
	 * the hint to name it: the checker's CLAIM_HINT_SLACK (claim.c). */
	var HINT_SLACK = 0.005;
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

	/* The interval the digits of a typed number imply, or null when it is
	 * not a number: "13.8" [13.75, 13.85], "14" [13.5, 14.5], "13,824"
	 * [13823.5, 13824.5]; a unit typed after it (the shown one) is dropped. */
	function typed(text, unit) {
		var t = text.trim();
		if (unit && t.slice(-unit.length) === unit) t = t.slice(0, -unit.length).trim();
		if (!/^[+-]?(\d{1,3}(,\d{3})+|\d+)(\.\d+)?$|^[+-]?\.\d+$/.test(t)) return null;
		var x = Number(t.replace(/,/g, ''));
		var dot = t.indexOf('.');
		var decimals = dot < 0 ? 0 : t.length - dot - 1;
		var half = 0.5 * Math.pow(10, -decimals);
		return { lo: x - half, hi: x + half };
	}

	function overlaps(a, lo, hi) {
		return a.lo <= hi && a.hi >= lo;
	}

	/* Returns 'right', or the slip (with its hint) a wrong answer matches,
	 * or null. */
	function grade(q, t) {
		var lo = Number(q.dataset.lo), hi = Number(q.dataset.hi);
		var tol = Number(q.dataset.tol) || 0, abs = Number(q.dataset.abs) || 0;
		var w = { lo: t.lo - Math.abs(t.lo) * tol - abs, hi: t.hi + Math.abs(t.hi) * tol + abs };
		if (overlaps(w, lo, hi)) return 'right';
		var slips = [];
		try { slips = JSON.parse(q.dataset.slips || '[]'); } catch (e) { slips = []; }
		var s = { lo: t.lo - Math.abs(t.lo) * HINT_SLACK, hi: t.hi + Math.abs(t.hi) * HINT_SLACK };
		for (var i = 0; i < slips.length; i++) {
			for (var k = 0; k < slips[i].f.length; k++) {
				var f = slips[i].f[k];
				if (overlaps(s, Math.min(lo * f, hi * f), Math.max(lo * f, hi * f))) return slips[i];
			}
		}
		return null;
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
			if (!t) {
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
			if (store) save(key, { answer: input.value, right: g === 'right' });
		}
		form.addEventListener('submit', function (ev) {
			ev.preventDefault();
			check(true);
		});
		var last = load()[key];
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
			if (store) save(key, { choice: i, right: right });
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
		var last = load()[key];
		if (last && typeof last.choice === 'number' && last.choice >= 0 && last.choice < items.length)
			choose(last.choice, false);
	}

	function init() {
		var quizzes = document.querySelectorAll('.quiz[data-kind]');
		for (var i = 0; i < quizzes.length; i++) {
			var q = quizzes[i];
			var key = location.pathname + '#' + q.id;
			q.classList.add('quiz-live');
			if (q.dataset.kind === 'number') numberQuiz(q, key);
			else if (q.dataset.kind === 'choice') choiceQuiz(q, key);
		}
	}

	if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', init);
	else init();
})();
