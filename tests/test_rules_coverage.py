"""Every numbered rule has a test that names it, and the rules panel carries every rule of the
rules file with the same source (seed / public / ruling)."""

import os
import re

import pytest

from games import GAMES

HERE = os.path.dirname(os.path.abspath(__file__))
SHARED_RULES = os.path.join(HERE, "..", "..", "shared", "rules")
RULE_START = re.compile(r"^- \*\*([A-Z]+-\d+)\*\*", re.M)
SOURCE_NOTE = re.compile(r"\(((?:seed|public|ruling)\b[^)]*)\)")
SECTION_NOTE = re.compile(r"^#+ .*$", re.M)


def rules_in_file(text):
    """{rule id: the set of sources (seed, public, ruling) its paragraph names}. A rule whose
    paragraph names none takes its section heading's note ("## Components (ruling, except
    where marked)")."""
    found = {}
    starts = list(RULE_START.finditer(text))
    headings = list(SECTION_NOTE.finditer(text))
    for i, start in enumerate(starts):
        end = starts[i + 1].start() if i + 1 < len(starts) else len(text)
        body = text[start.end():end].split("\n#")[0]
        notes = " ".join(SOURCE_NOTE.findall(body))
        if not notes:
            heading = [h for h in headings if h.start() < start.start()]
            notes = " ".join(SOURCE_NOTE.findall(heading[-1].group(0))) if heading else ""
        found[start.group(1)] = {w for w in ("seed", "public", "ruling") if re.search(r"\b{}\b".format(w), notes)}
    return found


def all_test_sources():
    text = ""
    for folder, _, files in os.walk(HERE):
        for name in files:
            if name.endswith(".py") and name != os.path.basename(__file__):
                text += open(os.path.join(folder, name), encoding="utf-8").read()
    return text


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_rule_has_a_test_naming_it(game_id):
    text = all_test_sources()
    missing = [r.id for r in GAMES[game_id].info.rules
               if not re.search(r"(?<![A-Za-z0-9]){}(?![0-9])".format(r.id.replace("-", "_")), text)]
    assert not missing, "rules without a test named after them: {}".format(", ".join(missing))


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_rules_panel_matches_the_rules_file(game_id):
    path = os.path.join(SHARED_RULES, game_id + ".md")
    if not os.path.exists(path):
        pytest.skip("the shared rules folder is not beside this checkout")
    written = rules_in_file(open(path, encoding="utf-8").read())
    ours = {r.id: r for r in GAMES[game_id].info.rules}
    assert set(ours) == set(written)
    for rule_id, sources in written.items():
        mine = {w for w in ("seed", "public", "ruling") if w in ours[rule_id].source}
        assert mine == sources, "{}: the rules file says {}, the rules panel {}".format(rule_id, sorted(sources), sorted(mine))


# Rules changed after the independent audit (issue 14): the rules panel says the new behaviour,
# and a test named after the rule checks it.
CHANGED_RULES = [
    ("phopho", "PP-9", "one who already has a bill may get another",
     "test_PP_9c_a_bill_may_go_to_a_customer_who_already_has_one"),
    ("flowers", "FL-7", "turned up by the next player at the start of their turn",
     "test_FL_7_the_card_below_a_taken_face_up_card_turns_up_only_after_the_placement"),
]


@pytest.mark.parametrize("game_id,rule_id,words,test_name", CHANGED_RULES)
def test_changed_rules_are_told_and_tested(game_id, rule_id, words, test_name):
    panel = " ".join(GAMES[game_id].info.rule(rule_id).text.lower().split())
    assert words in panel, "{}'s rules panel does not say: {}".format(rule_id, words)
    assert re.search(r"def {}\(".format(test_name), all_test_sources())
