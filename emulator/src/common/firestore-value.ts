// Firestore's value types in @grpc/proto-loader object form (longs as strings, enums as strings, oneofs marked): what
// the Firestore emulator stores, and what the rules language and the Storage emulator's rules read of a document.
export interface Timestamp {
  seconds?: string | number;
  nanos?: number;
}
export interface LatLng {
  latitude?: number;
  longitude?: number;
}
export interface Value {
  nullValue?: string | number;
  booleanValue?: boolean;
  integerValue?: string | number;
  doubleValue?: number;
  timestampValue?: Timestamp;
  stringValue?: string;
  bytesValue?: Uint8Array;
  referenceValue?: string;
  geoPointValue?: LatLng;
  arrayValue?: { values?: Value[] };
  mapValue?: { fields?: Record<string, Value> };
  valueType?: string;
}
export type Fields = Record<string, Value>;
