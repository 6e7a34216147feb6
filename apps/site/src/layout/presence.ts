const signs = ['pointerover', 'pointerdown', 'touchstart', 'keydown', 'focusin', 'wheel', 'submit'] as const;

/**
 * Settles at the first sign of a person on the page: a pointer over it, a touch, a key, a focus, a
 * scroll of the wheel, a form sent. A pointer is over a control well before it presses, so the code
 * of a deferred part (a form) is usually there by the time it is used. It listens from the moment
 * the page's first script runs (boot.ts imports it), so a sign given before the page could answer
 * counts too.
 */
export const firstSignOfAPerson: Promise<void> = new Promise((resolve) => {
  const settle = () => {
    for (const sign of signs) window.removeEventListener(sign, settle, true);
    resolve();
  };
  for (const sign of signs) window.addEventListener(sign, settle, { capture: true, passive: true });
});
