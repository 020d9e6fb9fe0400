/** The two paths the login page needs, apart from the route table (routes.ts) it does not load. */
export const HOME_PATH = '/home/workKanBan';
export const LOGIN_PATH = '/login';
