// Starts Swagger UI on this page's document. Served by a sandbox, sandbox.js describes that sandbox: then
// "Try it out" calls it, with the v2 bearer token filled in and v1 calls signed in the page.
(function () {
  var api = document.body.getAttribute('data-api');
  var sandbox = window.MERCHANTPAY_SANDBOX;
  var note = document.getElementById('sandbox-note');
  note.textContent = !sandbox
    ? 'This is the published reference. To try requests, run the sandbox and open its /docs page.'
    : api === 'v2'
      ? 'Try it out calls this sandbox (' + sandbox.baseUrl + ') with its bearer token filled in.'
      : api === 'control'
        ? 'Try it out calls this sandbox\'s control interface (' + sandbox.baseUrl + '/_sandbox): it changes its state.'
        : 'Try it out calls this sandbox (' + sandbox.baseUrl + ') as ' + sandbox.v1.login
        + '; keep the examples in login, nonce and hash: the page signs each call before it leaves.';

  function toBase64(buffer) {
    var bytes = new Uint8Array(buffer), text = '';
    for (var i = 0; i < bytes.length; i++) { text += String.fromCharCode(bytes[i]); }
    return btoa(text);
  }

  // The v1 rule: the operation's signed values joined with ';', SHA-1, base64 (see the v1 signing guide).
  function signV1(request) {
    var url = new URL(request.url, window.location.href);
    var order = sandbox.v1.signed[url.pathname];
    if (!order) { return request; }
    var form = typeof request.body === 'string' && /x-www-form-urlencoded/i.test(headerOf(request, 'Content-Type'));
    var values = new URLSearchParams(form ? request.body : url.search);
    values.set('login', sandbox.v1.login);
    values.set('nonce', crypto.randomUUID());
    values.delete('hash');
    var text = order.map(function (name) {
      return name === 'password' ? sandbox.v1.password : (values.get(name) || '');
    }).join(';');
    return crypto.subtle.digest('SHA-1', new TextEncoder().encode(text)).then(function (digest) {
      values.set('hash', toBase64(digest));
      if (form) {
        request.body = values.toString();
      } else {
        url.search = values.toString();
        request.url = url.toString();
      }
      return request;
    });
  }

  function headerOf(request, name) {
    var headers = request.headers || {};
    for (var key in headers) {
      if (key.toLowerCase() === name.toLowerCase()) { return headers[key]; }
    }
    return '';
  }

  var ui = SwaggerUIBundle({
    url: api + '/openapi.yaml',
    dom_id: '#reference',
    deepLinking: true,
    docExpansion: 'list',
    showExtensions: true,
    defaultModelsExpandDepth: 0,
    supportedSubmitMethods: sandbox ? ['get', 'put', 'post', 'delete', 'patch'] : [],
    requestInterceptor: function (request) {
      return sandbox && api === 'v1' ? signV1(request) : request;
    },
    onComplete: function () {
      if (sandbox && api === 'v2') { ui.preauthorizeApiKey('bearerAuth', sandbox.token); }
    }
  });
  window.ui = ui;
})();
