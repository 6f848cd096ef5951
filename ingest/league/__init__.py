"""Leagues without a venue: players report results (and hand in decklists) through the
community's repository, with the same codes and the same rules as at the venue.

The published site links each unfinished match of the round being played to a GitHub issue
form prefilled with the event, round, table and player (never a code: the player types the
code from the slip or sheet the TO handed out). A workflow shipped with the project
(``.github/workflows/submissions.yml``) runs ``scorekeeper apply-submission`` on every issue
opened or edited, with the venue key from a repository secret; the command reads the issue
event, checks the code, writes through the same locked edit as ``report`` and prints the
reply the workflow posts before it commits and closes the issue.

Modules (the setting, ``extra.scorekeeper.league`` in ``mkdocs.yml``, is read by
:mod:`ingest.source.league_config`):
:mod:`~ingest.league.issue_form` (the forms' fields and the issue body they make),
:mod:`~ingest.league.payload` (the ``issues`` webhook event), :mod:`~ingest.league.replies`
(Markdown that echoes nothing as markup), :mod:`~ingest.league.pending` (claims waiting for
the opponent, kept in the repository) and :mod:`~ingest.league.results` (a result submitted).
"""
