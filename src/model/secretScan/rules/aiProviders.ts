// AI providers: OpenAI, Anthropic, Hugging Face, Groq, Replicate, Perplexity, xAI. (Google's
// Gemini keys are Google API keys, cloud.ts.)
import { RULE } from '../ruleIds';
import type { TokenKind } from './tokenRule';

export const AI_KINDS: readonly TokenKind[] = [
  {
    // Every OpenAI key (user, project, service account, admin) holds `T3BlbkFJ`: "OpenAI" in base64.
    id: RULE.openai,
    confidence: 'known',
    hints: ['T3BlbkFJ'],
    patterns: [
      /(?<![A-Za-z0-9_-])sk-(?:(?:proj|svcacct|admin)-)?[A-Za-z0-9_-]{20,200}T3BlbkFJ[A-Za-z0-9_-]{20,200}(?![A-Za-z0-9_-])/g,
    ],
  },
  {
    id: RULE.anthropic,
    confidence: 'known',
    hints: ['sk-ant-'],
    patterns: [/(?<![A-Za-z0-9_-])sk-ant-(?:api|admin)[0-9]{2}-[A-Za-z0-9_-]{80,110}(?![A-Za-z0-9_-])/g],
  },
  {
    // User access tokens (hf_) and organisation tokens (api_org_): 34 letters.
    id: RULE.huggingFace,
    confidence: 'known',
    hints: ['hf_', 'api_org_'],
    patterns: [/(?<![A-Za-z0-9_])(?:hf|api_org)_[A-Za-z]{34}(?![A-Za-z0-9_])/g],
    valid: (value) => /[a-z]/.test(value) && /[A-Z]/.test(value.slice(3)),
  },
  {
    id: RULE.groq,
    confidence: 'known',
    hints: ['gsk_'],
    patterns: [/(?<![A-Za-z0-9_])gsk_[A-Za-z0-9]{52}(?![A-Za-z0-9_])/g],
  },
  {
    id: RULE.replicate,
    confidence: 'known',
    hints: ['r8_'],
    patterns: [/(?<![A-Za-z0-9_])r8_[A-Za-z0-9]{37}(?![A-Za-z0-9_])/g],
  },
  {
    id: RULE.perplexity,
    confidence: 'known',
    hints: ['pplx-'],
    patterns: [/(?<![A-Za-z0-9_-])pplx-[A-Za-z0-9]{48}(?![A-Za-z0-9_-])/g],
  },
  {
    id: RULE.xai,
    confidence: 'known',
    hints: ['xai-'],
    patterns: [/(?<![A-Za-z0-9_-])xai-[A-Za-z0-9]{80}(?![A-Za-z0-9_-])/g],
  },
];
