// Reads a JSON array of values on stdin and writes a JSON array of their TOON encodings
// (the official encoder, default options).
import { encode } from '@toon-format/toon';

let input = '';
process.stdin.setEncoding('utf8');
for await (const chunk of process.stdin) input += chunk;
const values = JSON.parse(input);
process.stdout.write(JSON.stringify(values.map((value) => encode(value))));
