// The silent check-sso page: hands the provider's answer (code or error) back to the app's frame.
// The message shape is the one oidc-client-ts listens for; the origin pins it to this app.
parent.postMessage({ source: 'oidc-client', url: location.href, keepOpen: false }, location.origin);
