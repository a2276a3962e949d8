import { Code } from '@starlight/contract/codes';
import { AppError } from '../../lib/app-error';

/** 1400 naming one field of the request (`body.<field>` unless a full path is given). */
export const fieldError = (field: string, info: string): AppError =>
  new AppError(Code.invalidInput, info, { fields: [{ path: field.includes('.') ? field : `body.${field}`, message: info }] });
