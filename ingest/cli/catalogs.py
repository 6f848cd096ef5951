"""The ``catalogs`` command: a language's message catalog (``locales/LANGUAGE.po``) written or
brought up to date, and the template of every message (``locales/messages.pot``).

The work is :mod:`ingest.publish.catalogs`; this is its command line.
"""

from __future__ import annotations

import click

from ingest.cli.common import project_of


@click.command()
@click.argument("language", required=False)
@click.option(
    "--template",
    is_flag=True,
    help="Write locales/messages.pot too: every message, the file translation tools start from.",
)
@click.option(
    "--check",
    is_flag=True,
    help="Write nothing: list the messages LANGUAGE's catalog leaves untranslated, exit 1 if there are any.",
)
@click.pass_context
def catalogs(ctx: click.Context, language: str | None, template: bool, check: bool) -> None:
    """Write or update the message catalog of LANGUAGE (locales/LANGUAGE.po in the project).

    A new catalog holds every message of the site, untranslated; an existing one gains the
    messages Scorekeeper added since and loses those it no longer has, and keeps every
    translation. Fill in each msgstr (Poedit, Lokalize), set theme.language in mkdocs.yml
    and build: a message left empty or marked fuzzy stays in English. Running it again
    when nothing changed changes nothing.

    \b
    Examples:
      scorekeeper catalogs fr                 # locales/fr.po, every message to translate
      scorekeeper catalogs ja --check         # what the Japanese catalog leaves in English
      scorekeeper catalogs --template         # locales/messages.pot
    """
    from babel import Locale, UnknownLocaleError

    from ingest.publish import catalogs as upkeep

    if language is None and not template:
        raise click.UsageError("name a LANGUAGE (e.g. fr), or give --template")
    if language is not None:
        try:
            Locale.parse(language.replace("-", "_"))
        except (ValueError, UnknownLocaleError):
            raise click.BadParameter(f"{language!r} is not a language code (e.g. fr, ja, pt-BR)") from None
    folder = project_of(ctx).root / "locales"
    if template and not check:
        pot = folder / upkeep.TEMPLATE
        made = upkeep.messages()
        upkeep.write(made, pot)
        click.echo(f"locales/{upkeep.TEMPLATE}: {len(made)} messages")
    if language is None:
        return
    po = folder / f"{language}.po"
    catalog = upkeep.updated(language, po)
    missing = upkeep.untranslated(catalog)
    if check:
        for msgid in missing:
            click.echo(f"  {msgid}")
        click.echo(f"locales/{language}.po: {len(catalog)} messages, {len(missing)} to translate", err=True)
        ctx.exit(1 if missing else 0)
    upkeep.write(catalog, po)
    click.echo(f"locales/{language}.po: {len(catalog)} messages, {len(missing)} to translate")
