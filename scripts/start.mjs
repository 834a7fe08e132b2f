// Set-up, build, and serve the page on 127.0.0.1 (port 8080, or $PORT; the
// next free port if that one is taken).
//   npm start
import { build } from './build.mjs';
import { log } from './lib.mjs';
import { serve } from './serve.mjs';

try {
  const dist = await build();
  let port = Number(process.env.PORT ?? 8080);
  for (let tries = 0; ; tries++) {
    try {
      const server = await serve(dist, port);
      log(`the analysis board is at http://127.0.0.1:${server.address().port}/  (Ctrl-C stops it)`);
      break;
    } catch (e) {
      if (e.code !== 'EADDRINUSE' || tries > 20) throw e;
      port += 1;
    }
  }
} catch (e) {
  console.error(e.message);
  process.exit(1);
}
