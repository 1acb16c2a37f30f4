// The GraphQL playground: GraphiQL opened on an example of every operation, with the example
// variables (see service/api/graphql/playground.py). Queries and mutations go to this page's
// own URL, subscriptions to the same URL over a websocket (graphql-transport-ws).
(function () {
  "use strict";
  const config = JSON.parse(document.getElementById("playground-config").textContent);
  const url = window.location.href.split(/[?#]/)[0];
  const socket = new URL(url);
  socket.protocol = socket.protocol === "https:" ? "wss:" : "ws:";

  const fetcher = GraphiQL.createFetcher({ url: url, subscriptionUrl: socket.toString() });

  function Playground() {
    return React.createElement(GraphiQL, {
      fetcher: fetcher,
      query: config.query,
      variables: config.variables,
      defaultEditorToolsVisibility: true,
      isHeadersEditorEnabled: true,
      shouldPersistHeaders: true,
      inputValueDeprecation: true,
    });
  }

  ReactDOM.createRoot(document.getElementById("graphiql")).render(
    React.createElement(Playground),
  );
})();
