// The guide's navigation: on a wide screen a list beside the page that stays in view, on a narrow one a bar at the
// top of the screen that opens the list (and closes it once a section is chosen); on either, the section in view is
// marked in it. Without this script the list is plain, above the page.
'use strict';

(function () {
  const NARROW = window.matchMedia('(max-width: 59.99rem)');
  const nav = document.getElementById('docs-nav');
  const title = document.getElementById('docs-nav-title');
  const toggle = document.getElementById('docs-nav-toggle');
  const list = document.getElementById('docs-nav-list');
  const links = Array.prototype.slice.call(list.querySelectorAll('a[href^="#"]'));
  const sections = links.map(function (link) { return document.getElementById(link.hash.slice(1)); });

  function setOpen(open) {
    toggle.setAttribute('aria-expanded', String(open));
    list.hidden = !open;
  }

  function fit() {
    if (NARROW.matches) {
      nav.setAttribute('data-collapsible', '');
      title.hidden = true;
      toggle.hidden = false;
      setOpen(false);
    } else {
      nav.removeAttribute('data-collapsible');
      title.hidden = false;
      toggle.hidden = true;
      setOpen(true);
    }
  }

  // The section in view: the last whose heading has passed the top fifth of the screen.
  let pending = false;
  function markCurrent() {
    pending = false;
    const line = window.innerHeight / 5;
    let current = -1;
    sections.forEach(function (section, i) {
      if (section && section.getBoundingClientRect().top <= line) {
        current = i;
      }
    });
    links.forEach(function (link, i) {
      if (i === current) {
        link.setAttribute('aria-current', 'location');
      } else {
        link.removeAttribute('aria-current');
      }
    });
  }

  toggle.addEventListener('click', function () {
    setOpen(toggle.getAttribute('aria-expanded') !== 'true');
  });
  list.addEventListener('click', function (event) {
    if (NARROW.matches && event.target.closest('a')) {
      setOpen(false);
    }
  });
  nav.addEventListener('keydown', function (event) {
    if (event.key === 'Escape' && NARROW.matches && toggle.getAttribute('aria-expanded') === 'true') {
      setOpen(false);
      toggle.focus();
    }
  });
  window.addEventListener('scroll', function () {
    if (!pending) {
      pending = true;
      window.requestAnimationFrame(markCurrent);
    }
  }, { passive: true });
  NARROW.addEventListener('change', fit);
  fit();
  markCurrent();
}());
