"""Until the real board data exists, whole-game tests run on a stand-in board."""

import sys
import types

try:  # pragma: no cover - depends on whether board.py has landed
    import games.engines.lacitta.board  # noqa: F401
except ImportError:  # pragma: no cover
    from tests.engines.lacitta.fixture_board import standin_board

    module = types.ModuleType("games.engines.lacitta.board")
    module.BOARD = standin_board()
    sys.modules["games.engines.lacitta.board"] = module
