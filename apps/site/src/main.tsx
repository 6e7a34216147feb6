import { boot } from './boot';

// Every page that is not an island (src/island-main.tsx): the app with its router. A prerendered page
// carries the router's state in `$_TSR`.
boot(
  () =>
    import('./app').then(async (app) => {
      await app.startApp();
      return app;
    }),
  '$_TSR' in window,
);
