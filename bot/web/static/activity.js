// The Discord Activity (docs/web.md): inside Discord's frame, sign the user in with the
// Embedded App SDK (authorize gives a code; the bot exchanges it with Discord for the user),
// then open their page in the channel's game. No build step: the SDK is a vendored module.
import { DiscordSDK } from "/static/vendor/discord-embedded-app-sdk.mjs";

const body = document.body;
const status = document.getElementById("status");
const clientId = body.dataset.client;

async function signIn() {
  // console logging stays in the browser (the SDK would forward it to Discord's client)
  const sdk = new DiscordSDK(clientId, { disableConsoleLogOverride: true });
  await sdk.ready();
  const { code } = await sdk.commands.authorize({
    client_id: clientId,
    response_type: "code",
    state: "",
    prompt: "none",
    scope: ["identify"],
  });
  const answer = await fetch("/activity/session", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ code, guild_id: sdk.guildId, channel_id: sdk.channelId }),
  });
  const session = await answer.json();
  if (!answer.ok) {
    status.textContent = session.error;
    return;
  }
  await sdk.commands.authenticate({ access_token: session.access_token });
  location.replace(session.page);
}

signIn().catch(() => {
  status.textContent = body.dataset.failed;
});
