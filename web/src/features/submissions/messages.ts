// docs/product.md section 8: evaluation and publishing.
export const SUBMISSION_UI = {
  evaluated: 'Submission evaluated successfully!',
  evaluateError: 'Error evaluating submission',
  published: 'Results published successfully! Students can now view their scores.',
  publishError: 'Error publishing results',
  unpublishError: 'Error unpublishing results',
} as const;
