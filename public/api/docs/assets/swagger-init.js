// The API reference at /api/docs: Swagger UI over this E-Arsip's OpenAPI document. No badge
// from validator.swagger.io (no request leaves the site).
window.ui = SwaggerUIBundle({
  url: "/api/v1/openapi.json",
  dom_id: "#swagger-ui",
  validatorUrl: null,
  deepLinking: true,
  tryItOutEnabled: false,
});
