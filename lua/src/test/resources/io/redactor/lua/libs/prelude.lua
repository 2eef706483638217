cjson.encode_max_depth(1000) cjson.decode_max_depth(1000) cjson.encode_sparse_array(false, 2, 10)
cjson.encode_invalid_numbers(false) cjson.decode_invalid_numbers(true) cjson.encode_keep_buffer(true)
cjson.encode_number_precision(14)
