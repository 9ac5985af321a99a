// Protocol Buffers' wire format read without a schema: the fields of a message as numbered, typed parts, groups
// included (Datastore's EntityProto, in Firestore exports, nests paths and points as proto2 groups).
export interface WireField {
  field: number;
  /** Wire type 0. */
  varint?: bigint;
  /** Wire type 1: eight little-endian bytes (a double or fixed64). */
  fixed64?: Uint8Array;
  /** Wire type 2: bytes, a string or an embedded message. */
  bytes?: Uint8Array;
  /** Wire type 3 to its end (4): the group's fields. */
  group?: WireField[];
}

class Reader {
  at = 0;
  constructor(private readonly bytes: Uint8Array) {}

  get done() {
    return this.at >= this.bytes.length;
  }

  varint(): bigint {
    let value = 0n;
    for (let shift = 0n; shift < 70n; shift += 7n) {
      if (this.done) throw new RangeError(`a varint cut short at byte ${this.at}`);
      const byte = this.bytes[this.at++];
      value |= BigInt(byte & 0x7f) << shift;
      if (byte < 0x80) return value;
    }
    throw new RangeError(`a varint longer than ten bytes at byte ${this.at}`);
  }

  take(length: number): Uint8Array {
    if (length > this.bytes.length - this.at) throw new RangeError(`${length} bytes past the end at byte ${this.at}`);
    return this.bytes.subarray(this.at, (this.at += length));
  }

  /** Fields up to the end, or up to the end of the group numbered `group`. */
  fields(group?: number): WireField[] {
    const fields: WireField[] = [];
    while (!this.done) {
      const tag = this.varint();
      const field = Number(tag >> 3n);
      const wire = Number(tag & 7n);
      if (field === 0) throw new RangeError(`field number 0 at byte ${this.at}`);
      if (wire === 0) fields.push({ field, varint: this.varint() });
      else if (wire === 1) fields.push({ field, fixed64: this.take(8) });
      else if (wire === 2) fields.push({ field, bytes: this.take(Number(this.varint())) });
      else if (wire === 3) fields.push({ field, group: this.fields(field) });
      else if (wire === 4) {
        if (field !== group) throw new RangeError(`an unmatched group end at byte ${this.at}`);
        return fields;
      } else if (wire === 5) this.take(4);
      else throw new RangeError(`wire type ${wire} at byte ${this.at}`);
    }
    if (group !== undefined) throw new RangeError(`group ${group} not closed`);
    return fields;
  }
}

/** The fields of the message `bytes`; a RangeError when they are not a message. */
export const fieldsOf = (bytes: Uint8Array): WireField[] => new Reader(bytes).fields();

/** The fields of an embedded message or group. */
export function message(part: WireField): WireField[] {
  if (part.group) return part.group;
  if (part.bytes) return fieldsOf(part.bytes);
  throw new RangeError(`field ${part.field} is not a message`);
}
