// The REST reference: Swagger UI on the service's OpenAPI document (see service/api/pages.py).
(function () {
  "use strict";
  const config = JSON.parse(document.getElementById("docs-config").textContent);
  window.ui = SwaggerUIBundle({
    url: new URL(config.openapi, window.location.href).toString(),
    dom_id: "#swagger-ui",
    deepLinking: true,
    presets: [SwaggerUIBundle.presets.apis],
    layout: "BaseLayout",
    // The online validator badge would call a server outside the service.
    validatorUrl: null,
    displayRequestDuration: true,
    defaultModelsExpandDepth: 0,
  });
})();
