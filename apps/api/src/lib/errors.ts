/** Typed errors that the error handler maps to HTTP. Their message is shown to people. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationError extends AppError {
  constructor(message: string, fields?: Record<string, string>) {
    super(400, message, 'VALIDATION_ERROR', fields ? { fields } : undefined);
  }
}
export class UnauthorizedError extends AppError {
  constructor(message = 'Please sign in to continue.') {
    super(401, message, 'UNAUTHORIZED');
  }
}
export class ForbiddenError extends AppError {
  constructor(message = 'You do not have permission to do that.') {
    super(403, message, 'FORBIDDEN');
  }
}
export class NotFoundError extends AppError {
  constructor(message = 'Not found.') {
    super(404, message, 'NOT_FOUND');
  }
}
export class ConflictError extends AppError {
  constructor(message: string) {
    super(409, message, 'CONFLICT');
  }
}
export class TooManyRequestsError extends AppError {
  constructor(message = 'Too many requests. Please wait a moment and try again.') {
    super(429, message, 'TOO_MANY_REQUESTS');
  }
}
