/* mu_dispatch, unit 3, linked from an archive: a bitwise CRC-32 step.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */
unsigned
crc_byte (unsigned crc, unsigned char b)
{
  crc ^= b;
  for (int k = 0; k < 8; k++)
    crc = (crc >> 1) ^ (0xedb88320u & -(crc & 1));
  return crc;
}
