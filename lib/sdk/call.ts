// Call's nested enums (the call API itself comes with voice support).
import { CallError, CallStatus } from './enums.generated';
import { EnumToString } from './enum_to_string';

export class Call {
  static readonly Status = CallStatus;
  static readonly Error = CallError;

  static StatusToString(value: CallStatus): string {
    return EnumToString(CallStatus, value);
  }
  static ErrorToString(value: CallError): string {
    return EnumToString(CallError, value);
  }
}

export declare namespace Call {
  type Status = CallStatus;
  type Error = CallError;
}
