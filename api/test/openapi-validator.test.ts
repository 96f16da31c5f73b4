import { describe, expect, it } from 'vitest';
import { ContractViolation, OpenApiValidator, openApiValidator } from './openapi-validator.ts';

const pricing = {
  nanoBananaApiPrice: 4,
  nanoBananaEditApiPrice: 6,
  nanoBananaResizeCredits: 5,
  nanoBananaCredits: 2,
  nanoBananaEditCredits: 3,
  creemEnabled: false,
  sandboxPayments: false,
  paypalEnabled: false,
};
const problem = {
  type: '/problems/internal-error',
  title: 'Internal server error',
  status: 500,
  message: 'Internal server error',
  code: 'internal_error',
  retryable: true,
};

const json = 'application/json; charset=utf-8';
const check = (method: string, path: string, status: number, contentType: string | null, body: unknown) => () =>
  openApiValidator().validate({ method, path, status, contentType, text: typeof body === 'string' ? body : JSON.stringify(body) });

describe('the response validator (against the committed spec)', () => {
  it('accepts a declared status with a matching body, query string and all', () => {
    expect(check('GET', '/api/pricing/current?x=1', 200, json, pricing)).not.toThrow();
    expect(check('GET', '/api/pricing/current', 500, 'application/problem+json', problem)).not.toThrow();
  });

  it('rejects a status the operation does not declare', () => {
    expect(check('GET', '/api/pricing/current', 404, 'application/problem+json', { ...problem, status: 404 })).toThrow(
      /status not declared/,
    );
  });

  it('rejects a body that does not match, naming the field', () => {
    expect(check('GET', '/api/pricing/current', 200, json, { ...pricing, creemEnabled: 'yes' })).toThrow(/creemEnabled/);
    expect(check('GET', '/api/credit-packages', 200, json, [{ id: 'not-a-uuid' }])).toThrow(ContractViolation);
  });

  it('checks problem bodies too, including formats inside referenced schemas', () => {
    const { code: _code, ...noCode } = problem;
    expect(check('GET', '/api/pricing/current', 500, 'application/problem+json', noCode)).toThrow(/code/);
    expect(check('GET', '/api/nowhere', 404, 'application/problem+json', { ...noCode, status: 404 })).toThrow(/code/);
  });

  it('rejects an undeclared content type and non-JSON bodies', () => {
    expect(check('GET', '/api/pricing/current', 200, 'text/html', '<p>hi</p>')).toThrow(/content type text\/html not declared/);
    expect(check('GET', '/api/pricing/current', 200, json, '{oops')).toThrow(/not JSON/);
  });

  it('prefers literal paths over templated ones', () => {
    const op = (operationId: string) => ({ get: { operationId, responses: { 200: {} } } });
    const validator = new OpenApiValidator({
      paths: { '/items/{id}': op('getItem'), '/items/stats': op('itemStats') },
      components: { schemas: {} },
    });
    expect(validator.findOperation('GET', '/items/stats')?.operation.operationId).toBe('itemStats');
    expect(validator.findOperation('GET', '/items/42?full=1')?.operation.operationId).toBe('getItem');
    expect(validator.findOperation('GET', '/items/42/more')).toBeUndefined();
    expect(validator.findOperation('HEAD', '/items/42')?.template).toBe('/items/{id}');
  });
});
