/**
 * The token whose startup already ran in this page, so navigation and re-renders do not repeat it.
 * The login widget runs startup itself right after login and says so with `garage-logged-in`;
 * main.tsx imports this module first, so a login on the router-less /login counts too.
 */
export const startup = { token: '' };

document.addEventListener('garage-logged-in', (event) => {
  const token = (event as CustomEvent<{ token?: string }>).detail?.token;
  if (token) startup.token = token;
});
