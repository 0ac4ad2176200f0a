import * as assert from 'node:assert/strict';
import { BitbucketError } from '../../../src/api/errors';
import { isMissingRepository } from '../../../src/model/repositories/missingRepository';

const notFound = (message: string, exceptionName: string | null) =>
  new BitbucketError('not-found', message, {
    status: 404,
    serverMessages: [{ context: null, message, exceptionName }],
  });

describe('a missing repository, told apart from a missing hook', () => {
  it('recognises the repository exception and message', () => {
    assert.equal(
      isMissingRepository(
        notFound('Repository PROJ/x does not exist.', 'com.atlassian.bitbucket.repository.NoSuchRepositoryException'),
      ),
      true,
    );
    assert.equal(isMissingRepository(notFound('Repository PROJ/x does not exist.', null)), true);
  });

  it('does not mistake a missing hook (NoSuchRepositoryHookException) or another 404 for it', () => {
    assert.equal(
      isMissingRepository(
        notFound(
          'No such hook <img src=x onerror=alert(1)>',
          'com.atlassian.bitbucket.hook.repository.NoSuchRepositoryHookException',
        ),
      ),
      false,
    );
    assert.equal(isMissingRepository(notFound('Not found', 'com.atlassian.bitbucket.NoSuchEntityException')), false);
    assert.equal(isMissingRepository(new BitbucketError('forbidden', 'Repository PROJ/x does not exist.')), false);
  });
});
