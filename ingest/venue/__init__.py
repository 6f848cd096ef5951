"""``scorekeeper venue``: event night at the venue, an interface beside the command line.

An ASGI server (Starlette on uvicorn) on the TO's laptop serves the site the build makes
(``build/site``: the same pages and templates as the published site) to every phone on the
venue's network, pushes each new build to them within seconds, takes players' results with
a code that opens only their own match, and gives the TO a page to run the round from.
Everything it changes in an event file goes through the command line's own locked edit.

Where the codes are, and why there only:

- on the result slips the venue prints (``/to/print/<event>``, the TO's page): a slip lies on
  its own table, so its code opens only the match played there;
- on the TO page, beside each table (to read out to a player who lost the slip);
- in the address of the report form a code opened, on that player's phone.

A player's own code (registration, check-in, their decklist) is shown on their phone when they
register at ``/join``, in the address of their entry, and on the TO page's roster.

Never on the site's pages (served or published), the wall sheet, the projector (``/screen``)
or in anything the site is built from: they are made from the venue key in the user's data
folder, which nothing published can read.

Modules: :mod:`~ingest.venue.server` (start, build and watch), :mod:`~ingest.venue.app`
(routes), :mod:`~ingest.venue.report_pages`, :mod:`~ingest.venue.join_pages` and
:mod:`~ingest.venue.to_pages` (the pages), :mod:`~ingest.venue.entries`,
:mod:`~ingest.venue.registration` and :mod:`~ingest.venue.entry_writing` (registration and check-in),
:mod:`~ingest.venue.desk` and :mod:`~ingest.venue.claims` (the results' rules),
:mod:`~ingest.venue.store` (SQLite), :mod:`~ingest.venue.apply` (writing results),
:mod:`~ingest.venue.codes` and :mod:`~ingest.venue.guard` (secrets and who may do what),
:mod:`~ingest.venue.live` (server-sent events), each family's form (``match_form``, ``wot_form``).
"""
