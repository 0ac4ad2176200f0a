// Source hosts: GitHub (its tokens carry a CRC32), GitLab, Atlassian (Jira, Confluence, Bitbucket
// Cloud). Bitbucket Data Center's own tokens have a rule of their own (bitbucketTokens.ts).
import { RULE } from '../ruleIds';
import { hasBase62Crc } from './checks';
import type { TokenKind } from './tokenRule';

export const SOURCE_HOST_KINDS: readonly TokenKind[] = [
  {
    // Classic PATs, OAuth, user-to-server, server-to-server and refresh tokens: 30 random, 6 of CRC32.
    id: RULE.github,
    confidence: 'known',
    hints: ['ghp_', 'gho_', 'ghu_', 'ghs_', 'ghr_'],
    patterns: [/(?<![A-Za-z0-9_])gh[pousr]_[A-Za-z0-9]{36}(?![A-Za-z0-9_])/g],
    valid: hasBase62Crc,
  },
  {
    id: RULE.githubFineGrained,
    confidence: 'known',
    hints: ['github_pat_'],
    patterns: [/(?<![A-Za-z0-9_])github_pat_[A-Za-z0-9]{22}_[A-Za-z0-9]{59}(?![A-Za-z0-9_])/g],
  },
  {
    // 20 characters, or the longer routable form with `.01.`-style version and checksum parts.
    id: RULE.gitlabPat,
    confidence: 'known',
    hints: ['glpat-'],
    patterns: [/(?<![A-Za-z0-9_-])glpat-[A-Za-z0-9_-]{20,300}(?:\.[0-9a-z]{2}\.[0-9a-z]{9})?(?![A-Za-z0-9_.-])/g],
  },
  {
    // Runner authentication tokens, and the registration tokens runners were set up with before.
    id: RULE.gitlabRunner,
    confidence: 'known',
    hints: ['glrt-', 'GR1348941'],
    patterns: [
      /(?<![A-Za-z0-9_-])(?:glrt-|GR1348941)[A-Za-z0-9_-]{20,300}(?:\.[0-9a-z]{2}\.[0-9a-z]{9})?(?![A-Za-z0-9_.-])/g,
    ],
  },
  {
    // Deploy, pipeline trigger, CI job, feed, incoming mail, OAuth application, SCIM and agent tokens.
    id: RULE.gitlabOther,
    confidence: 'known',
    hints: ['gldt-', 'glptt-', 'glcbt-', 'glft-', 'glimt-', 'gloas-', 'glsoat-', 'glagent-'],
    patterns: [
      /(?<![A-Za-z0-9_-])(?:gldt|glptt|glcbt|glft|glimt|gloas|glsoat|glagent)-[A-Za-z0-9_-]{20,300}(?![A-Za-z0-9_-])/g,
    ],
  },
  {
    // Atlassian API tokens (Jira, Confluence) and Bitbucket Cloud access tokens.
    id: RULE.atlassian,
    confidence: 'known',
    hints: ['ATATT', 'ATCTT'],
    patterns: [/(?<![A-Za-z0-9_-])AT[AC]TT3[A-Za-z0-9_=-]{150,250}(?![A-Za-z0-9_=-])/g],
  },
  {
    id: RULE.bitbucketCloud,
    confidence: 'known',
    hints: ['ATBB'],
    patterns: [/(?<![A-Za-z0-9])ATBB[A-Za-z0-9]{32,40}(?![A-Za-z0-9])/g],
  },
];
