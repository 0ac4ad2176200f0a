// A sign-in makes no SnippetService (its store, search, cache and offline check cost the first
// sign-in tens of milliseconds): the default account's service is made when the view or a command
// asks for it, and what only follows the default (the offline status) hears of it then.
import * as assert from 'node:assert/strict';
import { SnippetService } from '../../../src/model/snippets/service';
import { SnippetServices } from '../../../src/model/snippets/snippetServices';

describe("SnippetServices: the default account's service is made on first use", () => {
  it('a new default account has no service until one is asked for, and a follower hears when it is made', () => {
    const made: string[] = [];
    const signedOut = new SnippetService(
      () => undefined,
      () => 25,
    );
    const services = new SnippetServices((id) => {
      made.push(id);
      return new SnippetService(
        () => undefined,
        () => 25,
      );
    }, signedOut);
    assert.equal(services.madeDefaultService, signedOut, 'signed out: the signed-out service');
    const heard: string[] = [];
    const following = services.onDidMake((id) => heard.push(id));

    services.setDefault('http://bitbucket.example.com#alice');
    assert.equal(services.madeDefaultService, undefined, 'signed in: no service yet');
    assert.deepEqual(made, [], 'signing in made none');

    const service = services.defaultService;
    assert.deepEqual(made, ['http://bitbucket.example.com#alice']);
    assert.deepEqual(heard, ['http://bitbucket.example.com#alice']);
    assert.equal(services.madeDefaultService, service);
    assert.equal(services.defaultService, service, 'made once');
    assert.deepEqual(heard, ['http://bitbucket.example.com#alice']);
    following.dispose();
    services.retain([]);
  });
});
