// Run in the report's page by tests/host/browser.sh: after every image
// has loaded (the load event), list each image that did not load, each
// link within the page whose heading is missing, and each element whose
// text overflows its box or runs past the page, into
// the body's data-lb-check attribute ("ok" when there is none), which
// chromium --dump-dom prints.
window.addEventListener('load', function () {
	var bad = [];
	var what = function (e) {
		return '<' + e.tagName.toLowerCase() + '> ' + (e.textContent || e.getAttribute('src') || '').replace(/\s+/g, ' ').trim().slice(0, 60);
	};
	document.querySelectorAll('img').forEach(function (i) {
		if (!i.complete || i.naturalWidth === 0)
			bad.push('image did not load: ' + i.getAttribute('src'));
	});
	document.querySelectorAll('a[href^="#"]').forEach(function (a) {
		if (!document.getElementById(decodeURIComponent(a.getAttribute('href').slice(1))))
			bad.push('link to no heading: ' + a.getAttribute('href'));
	});
	var scrolls = function (e) {
		return /^(auto|scroll)$/.test(getComputedStyle(e).overflowX);
	};
	// Inside a box that scrolls, text may be wider than the page: its
	// scroll bar shows that there is more.
	var inScroller = function (e) {
		for (var p = e.parentElement; p && p !== document.body; p = p.parentElement)
			if (scrolls(p)) return true;
		return false;
	};
	// A box holds text of its own (not only other boxes): its overflow is
	// text running out of it.
	var ownText = function (e) {
		for (var n = e.firstChild; n; n = n.nextSibling)
			if (n.nodeType === 3 && n.textContent.trim() !== '') return true;
		return false;
	};
	var page = document.documentElement.clientWidth;
	// The outermost element at fault is named, not each one inside it.
	var named = new Set();
	document.querySelectorAll('body, body *').forEach(function (e) {
		if (e.tagName === 'SCRIPT' || getComputedStyle(e).display === 'none' || inScroller(e)) return;
		if (e.parentElement && named.has(e.parentElement)) { named.add(e); return; }
		if (ownText(e) && !scrolls(e) && e.clientWidth > 0 && e.scrollWidth > e.clientWidth + 1) {
			bad.push('text overflows its box (' + e.scrollWidth + ' > ' + e.clientWidth + ' px): ' + what(e));
			named.add(e);
		} else if (e.getBoundingClientRect().right > page + 1) {
			bad.push('runs past the page (' + Math.round(e.getBoundingClientRect().right) + ' > ' + page + ' px): ' + what(e));
			named.add(e);
		}
	});
	document.body.setAttribute('data-lb-check', bad.length ? bad.join(' | ') : 'ok');
});
