import time
from datetime import UTC, datetime
import pytest
from tests.discord_harness import said, table

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

async def test_proto(tmp_path):
    async with table(tmp_path, 2, seed=3, start=datetime(2026, 10, 24, 12, tzinfo=UTC), render_boards=False) as tb:
        a, b = tb.players
        r = await a.slash(tb.channel, "caylus new", players=2, clock="1h")
        print(said(r))
        lobby = tb.channel.last_message
        print(lobby.embeds[0].fields[-1].value)
        await b.click(lobby, label="Join")
        await a.click(lobby, label="Start")
        print(tb.last_prompt().content)
        t0 = time.perf_counter()
        await tb.env.advance_time(3600 * 3)
        print("3h took", time.perf_counter() - t0)
        for m in tb.channel.history()[-12:]:
            print("---", m.created_at, m.content[:300])
