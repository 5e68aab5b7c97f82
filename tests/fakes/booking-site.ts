// A hotel's booking page for the browser extension's end-to-end test, on 127.0.0.1 only: a form
// with a select, a checkbox, a date, a colour and a file input, long enough to need scrolling,
// whose submit lands on /booked. Keeps the addresses it was asked for.
import { listenLoopback } from './listen.js';

const BOOKING_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Hotel Example: book a room</title></head>
<body style="font-family:sans-serif">
<h1>Book a room</h1>
<form action="/booked" method="get">
  <p><label for="guest">Guest name</label> <input id="guest" name="guest"></p>
  <p><label for="room">Room</label> <select id="room" name="room"><option value="single">Single room</option><option value="double">Double room</option></select></p>
  <p><label><input type="checkbox" name="breakfast" value="yes"> Breakfast</label></p>
  <p><label for="arrival">Arrival</label> <input type="date" id="arrival" name="arrival"></p>
  <p><label for="towels">Towel colour</label> <input type="color" id="towels" name="towels"></p>
  <p><label for="photo">Room photo</label> <input type="file" id="photo" name="photo"></p>
  <div style="height:2400px">House rules: quiet after ten.</div>
  <p><button type="submit">Book now</button></p>
</form>
</body></html>`;

export async function startBookingSite() {
  const asked: string[] = [];
  const site = await listenLoopback((req, res) => {
    asked.push(req.url ?? '');
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname === '/booking') return void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(BOOKING_PAGE);
    if (url.pathname === '/booked')
      return void res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(`<!doctype html><title>Booked</title><h1>Booked</h1><p>Thank you, ${url.searchParams.get('guest')?.replace(/[<>&]/g, '') ?? ''}.</p>`);
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  });
  return { ...site, asked };
}
