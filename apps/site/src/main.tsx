import { boot } from './boot';

// Every page but the home page (src/home-main.tsx): the app with its router. A prerendered page
// carries the router's state in `$_TSR`.
boot(() => import('./app'), '$_TSR' in window);
