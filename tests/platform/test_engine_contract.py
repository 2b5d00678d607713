"""One contract (issue 40, ``kit/contract.py``): the required members as one protocol every registered engine
satisfies, the optional parts as capabilities the game declares, and one check the system checks and selfplay
both run, which warns of a name that looks like a misspelt hook (a misspelt ``may_act`` silently turned offers
off before)."""

import dataclasses

import pytest

from kit import contract, selfplay
from kit.base import Engine
from play import registry
from play.checks import check_definition
from tests.games.market.engine import MarketEngine
from tests.games.nim.engine import NimEngine
from tests.games.race.engine import RaceEngine


def _ids(definition) -> list[str]:
    return sorted(message.id for message in check_definition(definition))


@pytest.mark.parametrize("slug", sorted(d.slug for d in registry.definitions()))
def test_every_registered_engine_is_an_engine_and_keeps_the_contract(slug):
    """Before, ``kit.base.Engine`` listed optional hooks as members: ``isinstance`` was False for Race, Nim,
    Patience and Market."""
    definition = registry.definition(slug)
    assert isinstance(definition.engine, Engine) and isinstance(definition.engine, contract.RequiredEngine)
    assert contract.capabilities(definition.engine) is not None
    assert contract.check(definition.engine) == [] and contract.check_texts(definition.texts) == []


def test_a_misspelt_hook_is_a_warning_of_the_system_check_and_of_selfplay():
    class Offers(MarketEngine):
        def may_acts(self, state):  # meant may_act: the seats would never be offered a move out of turn
            return set()

    definition = dataclasses.replace(registry.definition("market"), engine=Offers())
    warnings = [m for m in check_definition(definition) if m.id == "games.W001"]
    assert len(warnings) == 1 and "'may_acts' looks like a misspelt hook 'may_act'" in warnings[0].msg
    summary = selfplay.run(Offers(), {}, 2, games=1, seed=1)
    assert summary["contract_warnings"] == ["'may_acts' looks like a misspelt hook 'may_act'"]


def test_a_misspelt_texts_name_is_a_warning():
    class Texts:
        MESSAGES, ERRORS = {}, {}
        SEAT_PARAM = ("giver",)  # meant SEAT_PARAMS

    assert [f.message for f in contract.check_texts(Texts)] == [
        "'SEAT_PARAM' looks like a misspelt texts name 'SEAT_PARAMS'"]
    definition = dataclasses.replace(registry.definition("nim"), texts=Texts)
    assert "games.W002" in _ids(definition)


def test_capabilities_and_hooks_must_agree():
    class Undeclared(NimEngine):
        capabilities = None

    class HookWithoutCapability(NimEngine):
        def may_act(self, state):
            return set()

    class CapabilityWithoutHook(RaceEngine):
        capabilities = dataclasses.replace(RaceEngine.capabilities, time_out_rule=True)

    class SoloThatIsNot(RaceEngine):
        capabilities = dataclasses.replace(RaceEngine.capabilities, solo=True)

    cases = {Undeclared: "it declares no capabilities",
             HookWithoutCapability: "it has may_act() but does not declare acts_out_of_turn",
             CapabilityWithoutHook: "it declares time_out_rule but has no time_out()",
             SoloThatIsNot: "it declares solo=True but min_players is 2"}
    for engine_class, message in cases.items():
        found = contract.check(engine_class())
        assert [f.message for f in contract.errors(found)] == [message], engine_class
        definition = dataclasses.replace(registry.definition("nim"), engine=engine_class())
        assert "games.E001" in _ids(definition)
        with pytest.raises(ValueError, match="breaks the engine contract"):
            selfplay.run(engine_class(), {}, 2, games=1, seed=1)
