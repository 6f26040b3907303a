// Progressive enhancement only: every page works without this file.
// Copy buttons: <button data-copy="#id"> copies the text of the element #id.
document.addEventListener('click', (event) => {
  const button = event.target instanceof Element ? event.target.closest('[data-copy]') : null;
  if (!button) return;
  const source = document.querySelector(button.getAttribute('data-copy'));
  if (!source || !navigator.clipboard) return;
  navigator.clipboard.writeText(source.textContent.trim()).then(() => {
    const label = button.textContent;
    button.textContent = button.getAttribute('data-copied') || '✓';
    setTimeout(() => { button.textContent = label; }, 1500);
  });
});
// Confirmation steps: <form data-confirm="question"> asks before it is sent (the server asks
// again on its own confirmation page when this script does not run).
document.addEventListener('submit', (event) => {
  const form = event.target;
  if (form instanceof HTMLFormElement && form.dataset.confirm && !window.confirm(form.dataset.confirm)) event.preventDefault();
});
// Try it: a posting's row and its frame on the page light up together (data-box on the row,
// data-row on the frame); the links between them work without this script.
function evidencePair(element) {
  const row = element.closest('[data-box]');
  if (row) return [row, document.getElementById(row.getAttribute('data-box'))];
  const box = element.closest('[data-row]');
  if (box) return [document.getElementById(box.getAttribute('data-row')), box];
  return null;
}
for (const type of ['mouseover', 'mouseout', 'focusin', 'focusout']) {
  document.addEventListener(type, (event) => {
    const pair = event.target instanceof Element ? evidencePair(event.target) : null;
    if (!pair) return;
    const on = type === 'mouseover' || type === 'focusin';
    for (const element of pair) if (element) element.classList.toggle('lit', on);
  });
}
