// A real authorization server for the oauth tests: panva's oidc-provider on a loopback
// port, issuing access tokens to two client-credentials clients:
//
// - `reader` (secret `reader-secret`), allowed `users:read`;
// - `writer` (secret `writer-secret`), allowed `users:read users:write`;
// - `resource-server` (secret `rs-secret`), which the MCP server uses for introspection.
//
// Tokens carry the audience of the RFC 8707 `resource` the client asks for: a JWT (RS256,
// RFC 9068) unless the resource's path contains `/opaque`, then an opaque token to
// introspect. Metadata: `/.well-known/openid-configuration`; keys: `/jwks`.
//
// For the hostile-token catalogue, `POST /test/mint` signs any claims with the server's
// own key (`{"claims": {...}, "key": "issuer"}`), with a key it does not publish
// (`"key": "foreign"`), with HS256 using the published public key as the secret
// (`"key": "hs256-public"`), or unsigned (`"key": "none"`); `header` adds header members.
//
// Prints one JSON line `{"issuer": URL}` on stdout once it listens; stops on SIGTERM.

import http from 'node:http';
import * as jose from 'jose';
import Provider, { errors } from 'oidc-provider';

const issuerKeys = await jose.generateKeyPair('RS256', { extractable: true });
const foreignKeys = await jose.generateKeyPair('RS256', { extractable: true });
const kid = 'toolshape-test-key';
const privateJwk = { ...(await jose.exportJWK(issuerKeys.privateKey)), kid, alg: 'RS256', use: 'sig' };
const publicPem = await jose.exportSPKI(issuerKeys.publicKey);

const server = http.createServer();
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const issuer = `http://127.0.0.1:${server.address().port}`;

const client = (id, scope) => ({
  client_id: id,
  client_secret: `${id}-secret`,
  grant_types: ['client_credentials'],
  redirect_uris: [],
  response_types: [],
  scope,
});

const provider = new Provider(issuer, {
  clients: [
    client('reader', 'users:read'),
    client('writer', 'users:read users:write'),
    { ...client('resource-server', 'users:read'), client_secret: 'rs-secret' },
  ],
  jwks: { keys: [privateJwk] },
  scopes: ['users:read', 'users:write'],
  features: {
    devInteractions: { enabled: false },
    clientCredentials: { enabled: true },
    introspection: { enabled: true },
    resourceIndicators: {
      enabled: true,
      defaultResource: (ctx, client, oneOf) => (oneOf ? oneOf[0] : undefined),
      useGrantedResource: () => true,
      getResourceServerInfo: (ctx, resource) => {
        let url;
        try {
          url = new URL(resource);
        } catch {
          throw new errors.InvalidTarget();
        }
        if (url.hostname !== '127.0.0.1' && url.hostname !== 'localhost') {
          throw new errors.InvalidTarget();
        }
        const opaque = url.pathname.includes('/opaque');
        return {
          scope: 'users:read users:write',
          audience: resource,
          accessTokenTTL: 300,
          accessTokenFormat: opaque ? 'opaque' : 'jwt',
          ...(opaque ? {} : { jwt: { sign: { alg: 'RS256' } } }),
        };
      },
    },
  },
});
provider.on('server_error', (ctx, error) => console.error('oidc-provider:', error));

async function mint(request) {
  let text = '';
  for await (const chunk of request) text += chunk;
  const { claims, key = 'issuer', header = {} } = JSON.parse(text);
  if (key === 'none') {
    return new jose.UnsecuredJWT(claims).encode();
  }
  if (key === 'hs256-public') {
    return new jose.SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', kid, ...header })
      .sign(new TextEncoder().encode(publicPem));
  }
  const signing = key === 'foreign' ? foreignKeys.privateKey : issuerKeys.privateKey;
  const signingKid = key === 'foreign' ? 'not-published' : kid;
  return new jose.SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: signingKid, ...header })
    .sign(signing);
}

const callback = provider.callback();
server.on('request', (request, response) => {
  if (request.method === 'POST' && request.url === '/test/mint') {
    mint(request).then(
      (token) => {
        response.writeHead(200, { 'content-type': 'text/plain' });
        response.end(token);
      },
      (error) => {
        response.writeHead(400, { 'content-type': 'text/plain' });
        response.end(String(error));
      },
    );
    return;
  }
  callback(request, response);
});

process.on('SIGTERM', () => server.close(() => process.exit(0)));
console.log(JSON.stringify({ issuer }));
