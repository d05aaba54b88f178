(* The catalogue of hostile and malformed checkpoints: pickles written by
   hand, each a small valid one with one edit, in an archive (or the
   legacy stream), with the fragment its error holds, or [None] for one
   read. Each is read from a string, and written to a file and read by
   map_file and read_file, whose errors start with the file's path; no
   case raises. Then every truncation of three committed checkpoints and
   of a data.pkl. NX_TORCH_SHOW=1 prints every case's verdict; NX_TORCH_DUMP=DIR
   writes every case into DIR, for torch.load to judge. *)

open Nx_array
module T = Torch
module Zip = Nx_array_files.Zip

let check = Check.check
open Files

(* {1 Pickles} *)

let le n k = String.init k (fun i -> Char.chr ((n lsr (8 * i)) land 255))
let u s = "X" ^ le (String.length s) 4 ^ s
let su s = "\x8c" ^ String.make 1 (Char.chr (String.length s)) ^ s
let g m n = "c" ^ m ^ "\n" ^ n ^ "\n"
let k n = "K" ^ String.make 1 (Char.chr n)
let j n = "J" ^ le n 4

(* An int of any size, as LONG1. *)
let long n = "\x8a\x08" ^ le n 8
let tup l = "(" ^ String.concat "" l ^ "t"
let od = g "collections" "OrderedDict" ^ ")R"

let pid ?(cls = g "torch" "FloatStorage") ?(key = u "0") ?(numel = k 6) () =
  tup [ u "storage"; cls; key; u "cpu"; numel ] ^ "Q"

(* _rebuild_tensor_v2 of a storage of 6 floats. *)
let tensor ?(fn = g "torch._utils" "_rebuild_tensor_v2") ?pid:(p = pid ()) ?(offset = k 0)
    ?(size = tup [ k 2; k 3 ]) ?(stride = tup [ k 3; k 1 ]) ?(extra = "") () =
  fn ^ tup [ p; offset; size; stride; "\x89"; od; extra ] ^ "R"

let dict items = "}(" ^ String.concat "" (List.map (fun (key, v) -> u key ^ v) items) ^ "u"
let pkl body = "\x80\x02" ^ body ^ "."
let good_pkl = pkl (dict [ ("w", tensor ()) ])
let floats = String.concat "" (List.init 6 (fun i -> le (Int32.to_int (Int32.bits_of_float (float i))) 4))

(* {1 Archives} *)

let zip = Stored_zip.zip

let records ?(pkl = good_pkl) ?(byteorder = "little") ?(data = floats) ?(extra = []) () =
  [ ("archive/data.pkl", pkl); ("archive/byteorder", byteorder); ("archive/data/0", data);
    ("archive/version", "3\n") ]
  @ extra

let archive ?pkl ?byteorder ?data ?extra () = zip (records ?pkl ?byteorder ?data ?extra ())
let a body = archive ~pkl:(pkl body) ()

(* [s] with the bytes at [pos] replaced by [x]. *)
let patch s pos x = String.sub s 0 pos ^ x ^ String.sub s (pos + String.length x) (String.length s - pos - String.length x)

let find s sub =
  let n = String.length sub in
  let rec go i = if String.sub s i n = sub then i else go (i + 1) in
  go 0

(* The good archive with data.pkl's central-directory sizes grown by 8:
   its bytes reach into the next record's. *)
let overlapping () =
  let s = archive () in
  let c = find s "PK\001\002" in
  let size = Char.code s.[c + 20] + 8 in
  patch (patch s (c + 20) (le size 4)) (c + 24) (le size 4)

(* The good archive with data.pkl's last byte (its STOP) changed. *)
let bad_crc () =
  let s = archive () in
  let p = find s good_pkl + String.length good_pkl - 1 in
  patch s p "N"

(* {1 The legacy stream} *)

let magic = "\x80\x02\x8a\x0a\x6c\xfc\x9c\x46\xf9\x20\x6a\xa8\x50\x19."

let legacy ?(magic = magic) ?(protocol = pkl "M\xe9\x03") ?(little = "\x88")
    ?(obj = pkl (dict [ ("w", tensor ~pid:(tup [ u "storage"; g "torch" "FloatStorage"; u "k1"; u "cpu"; k 6; "N" ] ^ "Q") ()) ]))
    ?(keys = pkl ("](" ^ u "k1" ^ "e")) ?(count = 6) ?(data = floats) () =
  magic ^ protocol ^ pkl (dict [ ("little_endian", little) ]) ^ obj ^ keys ^ le count 8 ^ data

let legacy_view =
  tup [ u "storage"; g "torch" "FloatStorage"; u "k1"; u "cpu"; k 6; tup [ u "v"; k 2; k 3 ] ] ^ "Q"

(* {1 The tar format} *)

(* A ustar header of a member, its checksum computed. *)
let tar_header ?(kind = '0') name size =
  let h = Bytes.make 512 '\000' in
  let put pos str = Bytes.blit_string str 0 h pos (String.length str) in
  let oct n w = Printf.sprintf "%0*o\000" (w - 1) n in
  put 0 name;
  put 100 (oct 0o644 8); put 108 (oct 0 8); put 116 (oct 0 8);
  put 124 (oct size 12); put 136 (oct 0 12);
  Bytes.set h 156 kind;
  put 257 "ustar\00000";
  Bytes.fill h 148 8 ' ';
  let sum = ref 0 in
  Bytes.iter (fun c -> sum := !sum + Char.code c) h;
  put 148 (Printf.sprintf "%06o\000 " !sum);
  Bytes.to_string h

let pad s = s ^ String.make ((512 - (String.length s mod 512)) mod 512) '\000'
let tar_member ?kind ?size (name, data) =
  tar_header ?kind name (Option.value size ~default:(String.length data)) ^ pad data
let tar members = String.concat "" (List.map tar_member members) ^ String.make 1024 '\000'

let tar_storages ?(count = k 1) ?(storage = tup [ k 7; u "cpu"; g "torch" "FloatStorage" ]) ?(numel = 6)
    ?(data = floats) ?(views = "]") () =
  pkl count ^ pkl storage ^ le numel 8 ^ data ^ pkl views

let tar_tensor ?(key = k 9) ?(storage = k 7) ?(ndim = 2) ?(size = [ 2; 3 ]) ?(stride = [ 3; 1 ]) ?(offset = 0) () =
  pkl (tup [ key; storage; g "torch" "FloatTensor" ]) ^ le ndim 4 ^ "\000\000\000\000"
  ^ String.concat "" (List.map (fun n -> le n 8) (size @ stride)) ^ le offset 8

let tar_tensors ?(count = k 1) ?(tensors = [ tar_tensor () ]) () = pkl count ^ String.concat "" tensors
let tar_pickle = pkl (dict [ ("w", u "9" ^ "Q") ])

let tar_model ?(storages = tar_storages ()) ?(tensors = tar_tensors ()) ?(pickle = tar_pickle) ?(extra = []) () =
  tar ([ ("sys_info", pkl (dict [ ("little_endian", "\x88") ])); ("pickle", pickle); ("tensors", tensors);
         ("storages", storages) ] @ extra)

let tar_view = tup [ k 8; k 7; k 2; k 3 ]

(* {1 The cases} *)

let cases =
  [ ("good", "a state dict of one tensor", archive (), None);
    ("good_legacy", "the same, legacy", legacy (), None);
    ("legacy_view", "a legacy view of elements 2 to 4", legacy ~obj:(pkl (dict [ ("w", tensor ~pid:legacy_view ~size:(tup [ k 3 ]) ~stride:(tup [ k 1 ]) ()) ])) (), None);
    ("legacy_view_past", "a legacy view's tensor past the view",
      legacy ~obj:(pkl (dict [ ("w", tensor ~pid:legacy_view ~size:(tup [ k 4 ]) ~stride:(tup [ k 1 ]) ()) ])) (),
      Some "reaches element 3 of its storage \"k1\", which has 3");
    ("cuda_location", "a storage saved from cuda:0 (read, its bytes on the CPU)",
      a (dict [ ("w", tensor ~pid:(tup [ u "storage"; g "torch" "FloatStorage"; u "0"; u "cuda:0"; k 6 ] ^ "Q") ()) ]), None);
    ("cuda_class_legacy", "a legacy storage of torch.cuda.FloatStorage",
      legacy ~obj:(pkl (dict [ ("w", tensor ~pid:(tup [ u "storage"; g "torch.cuda" "FloatStorage"; u "k1"; u "cuda:1"; k 6; "N" ] ^ "Q") ()) ])) (),
      None);
    ("untyped_v3", "_rebuild_tensor_v3 of an UntypedStorage of 24 bytes, float32",
      a (dict [ ("w", g "torch._utils" "_rebuild_tensor_v3" ^ tup [ pid ~cls:(g "torch.storage" "UntypedStorage") ~numel:(k 24) (); k 0; tup [ k 6 ]; tup [ k 1 ]; "\x89"; od; g "torch" "float32" ] ^ "R") ]),
      None);
    ("untyped_v3_past", "_rebuild_tensor_v3 of 24 bytes as 4 float64",
      a (dict [ ("w", g "torch._utils" "_rebuild_tensor_v3" ^ tup [ pid ~cls:(g "torch.storage" "UntypedStorage") ~numel:(k 24) (); k 0; tup [ k 4 ]; tup [ k 1 ]; "\x89"; od; g "torch" "float64" ] ^ "R") ]),
      Some "a tensor of float64, offset 0, size [4] and stride [1] reaches element 3 of its storage \"0\", which has 3 (24 bytes)");
    ("os_system", "GLOBAL os system, REDUCE", a (g "os" "system" ^ tup [ u "echo" ] ^ "R"),
      Some "archive/data.pkl at byte 2 (GLOBAL): the global os.system is not one");
    ("posix_system_stack_global", "STACK_GLOBAL posix system (protocol 4)",
      archive ~pkl:("\x80\x04" ^ su "posix" ^ su "system" ^ "\x93" ^ tup [ su "id" ] ^ "R.") (),
      Some "(STACK_GLOBAL): the global posix.system");
    ("builtins_eval", "GLOBAL __builtin__ eval (Python 2's name)", a (g "__builtin__" "eval"),
      Some "the global builtins.eval");
    ("builtins_exec", "GLOBAL builtins exec", a (g "builtins" "exec"), Some "the global builtins.exec");
    ("getattr", "GLOBAL builtins getattr", a (g "builtins" "getattr"), Some "builtins.getattr");
    ("subprocess", "GLOBAL subprocess Popen", a (g "subprocess" "Popen"), Some "subprocess.Popen");
    ("torch_load", "GLOBAL torch load", a (g "torch" "load"), Some "the global torch.load");
    ("reduce_dtype", "REDUCE of torch.float32", a (g "torch" "float32" ^ ")R"),
      Some "(REDUCE): REDUCE of torch.float32: refused (nothing is called)");
    ("reduce_storage", "REDUCE of torch.FloatStorage", a (g "torch" "FloatStorage" ^ ")R"),
      Some "REDUCE of torch.FloatStorage");
    ("reduce_str", "REDUCE of a str", a (u "os.system" ^ ")R"), Some "REDUCE of a str, not a global");
    ("reduce_args_not_tuple", "OrderedDict applied to an int", a (g "collections" "OrderedDict" ^ k 1 ^ "R"),
      Some "collections.OrderedDict applied to an int");
    ("newobj", "NEWOBJ of torch.Tensor", a (g "torch" "Tensor" ^ ")\x81"), Some "NEWOBJ of torch.Tensor");
    ("build_tensor", "BUILD on a tensor", a (tensor () ^ "}b"), Some "BUILD of a tensor");
    ("inst", "INST", a ("(ios\nsystem\n"), Some "(INST): refused");
    ("obj", "OBJ", a ("(" ^ g "torch" "Tensor" ^ "o"), Some "(OBJ): refused");
    ("ext1", "EXT1 1", a "\x82\x01", Some "(EXT1): refused");
    ("next_buffer", "protocol 5's NEXT_BUFFER", archive ~pkl:"\x80\x05\x97." (), Some "(NEXT_BUFFER): refused");
    ("unknown_opcode", "opcode 0xff", a "\xff", Some "(an unknown opcode 0xff)");
    ("pid_outside", "a storage key ../../etc/passwd", a (tensor ~pid:(pid ~key:(u "../../etc/passwd") ()) ()),
      Some "storage \"../../etc/passwd\": no record archive/data/../../etc/passwd");
    ("pid_absolute", "a storage key /etc/passwd", a (tensor ~pid:(pid ~key:(u "/etc/passwd") ()) ()),
      Some "no record archive/data//etc/passwd");
    ("pid_module", "a persistent id of type module", a (tup [ u "module"; u "m"; u "src" ] ^ "Q"),
      Some "a persistent id of type \"module\": only storages are read");
    ("pid_str", "a persistent id that is a str", a (u "0" ^ "Q"), Some "a persistent id that is a str");
    ("pid_fields", "a storage's persistent id of 3 fields", a (tup [ u "storage"; u "a"; u "b" ] ^ "Q"),
      Some "a storage's persistent id of 3 fields");
    ("storage_unknown_class", "torch.EvilStorage", a (tensor ~pid:(pid ~cls:(g "torch" "EvilStorage") ()) ()),
      Some "the global torch.EvilStorage");
    ("storage_quantized", "torch.QInt8Storage", a (tensor ~pid:(pid ~cls:(g "torch" "QInt8Storage") ()) ()),
      Some "torch.QInt8Storage: quantized storages are not read");
    ("storage_not_class", "a storage of class torch.float32", a (tensor ~pid:(pid ~cls:(g "torch" "float32") ()) ()),
      Some "a storage of the class torch.float32");
    ("record_short", "numel 7, 24 bytes", a (tensor ~pid:(pid ~numel:(k 7) ()) ()),
      Some "its record archive/data/0 has 24 bytes, its persistent id says 28");
    ("storage_numel_huge", "numel 2^61", a (tensor ~pid:(pid ~numel:(long (1 lsl 61)) ()) ()),
      Some "a storage of 2305843009213693952 elements");
    ("tensor_past_storage", "size 3x3 on 6 elements", a (tensor ~size:(tup [ k 3; k 3 ]) ()),
      Some "reaches element 8 of its storage \"0\", which has 6 (24 bytes)");
    ("offset_past_storage", "offset 6, size 1", a (tensor ~offset:(k 6) ~size:(tup [ k 1 ]) ~stride:(tup [ k 1 ]) ()),
      Some "offset 6, size [1] and stride [1] reaches element 6");
    ("offset_huge", "offset 2^62 - 1", a (tensor ~offset:(long max_int) ~size:(tup [ k 1 ]) ~stride:(tup [ k 1 ]) ()),
      Some "reaches element 4611686018427387903");
    ("stride_past_storage", "stride 100x1", a (tensor ~stride:(tup [ k 100; k 1 ]) ()),
      Some "reaches element 102");
    ("stride_overflow", "stride 2^61 over 3 rows", a (tensor ~size:(tup [ k 3 ]) ~stride:(tup [ long (1 lsl 61) ]) ()),
      Some "a tensor's strides reach past any storage");
    ("stride_negative", "stride -1", a (tensor ~stride:(tup [ j (-1); k 1 ]) ()), Some "the negative stride -1");
    ("size_negative", "size -2", a (tensor ~size:(tup [ j (-2); k 3 ]) ()), Some "the negative size -2");
    ("offset_negative", "offset -1", a (tensor ~offset:(j (-1)) ()), Some "the negative storage offset -1");
    ("stride_count", "2 dimensions, 1 stride", a (tensor ~stride:(tup [ k 1 ]) ()),
      Some "a tensor of 2 dimensions with 1 strides");
    ("elements_overflow", "size 2^31-1 three times", a (tensor ~size:(tup [ j 0x7fffffff; j 0x7fffffff; j 0x7fffffff ]) ~stride:(tup [ k 0; k 0; k 0 ]) ()),
      Some "a tensor of more bytes than an int holds");
    ("empty_far", "size 0 at offset 1000 (torch reads it)", a (tensor ~offset:(j 1000) ~size:(tup [ k 0 ]) ~stride:(tup [ k 1 ]) ()), None);
    ("conj", "metadata {conj: True}", a (tensor ~extra:("}(" ^ u "conj" ^ "\x88u") ()),
      Some "the metadata conj set (a conjugate or negative view)");
    ("metadata_false", "metadata {neg: False}", a (tensor ~extra:("}(" ^ u "neg" ^ "\x89u") ()), None);
    ("hooks", "backward hooks not empty",
      a (g "torch._utils" "_rebuild_tensor_v2" ^ tup [ pid (); k 0; tup [ k 6 ]; tup [ k 1 ]; "\x89"; "}(" ^ k 1 ^ k 2 ^ "u" ] ^ "R"),
      Some "its backward hooks is not empty");
    ("rebuild_arity", "_rebuild_tensor_v2 of 2 arguments", a (g "torch._utils" "_rebuild_tensor_v2" ^ tup [ k 1; k 2 ] ^ "R"),
      Some "torch._utils._rebuild_tensor_v2 with 2 arguments (6 to 7)");
    ("rebuild_not_storage", "_rebuild_tensor_v2 of an int", a (tensor ~pid:(k 0) ()), Some "its storage is an int");
    ("from_type_size", "_rebuild_from_type_v2 to torch.Size",
      a (g "torch._tensor" "_rebuild_from_type_v2" ^ tup [ g "torch._utils" "_rebuild_tensor_v2"; g "torch" "Size"; tup [ pid (); k 0; tup [ k 6 ]; tup [ k 1 ]; "\x89"; od ]; "}" ] ^ "R"),
      Some "to the type torch.Size: not read");
    ("from_type_param", "_rebuild_from_type_v2 to a Parameter",
      a (dict [ ("w", g "torch._tensor" "_rebuild_from_type_v2" ^ tup [ g "torch._utils" "_rebuild_tensor_v2"; g "torch.nn.parameter" "Parameter"; tup [ pid (); k 0; tup [ k 6 ]; tup [ k 1 ]; "\x89"; od ]; "}" ] ^ "R") ]),
      None);
    ("layout_sparse", "_get_layout of torch.sparse_coo, a value", a (g "torch.serialization" "_get_layout" ^ tup [ u "torch.sparse_coo" ] ^ "R"), None);
    ("layout_unknown", "_get_layout of torch.evil", a (g "torch.serialization" "_get_layout" ^ tup [ u "torch.evil" ] ^ "R"),
      Some "torch.evil is not one of torch's layouts");
    ("qtensor", "_rebuild_qtensor", a (g "torch._utils" "_rebuild_qtensor"), Some "quantized tensors are not read");
    ("storage_alone", "a storage outside a tensor", a (pid ()), Some "a storage \"0\" outside any tensor");
    ("deep_lists", "lists nested 5,000 deep", a (String.make 5000 ']' ^ String.make 4999 'a'),
      Some "archive/data.pkl: objects nested more than 1000 deep");
    ("many_lists", "6 million empty lists side by side (memory past the pickle's bytes)",
      a (String.make 6_000_000 ']'), Some "the pickle makes more than 16777216 values");
    ("lists_1001", "lists nested 1,001 deep (the innermost at depth 1000)", a (String.make 1001 ']' ^ String.make 1000 'a'), None);
    ("lists_1002", "lists nested 1,002 deep", a (String.make 1002 ']' ^ String.make 1001 'a'),
      Some "nested more than 1000 deep");
    ("deep_tuples", "tuples nested 5,000 deep by MARK", a (String.make 5000 '(' ^ String.make 5000 't'),
      Some "nested more than 1000 deep");
    ("deep_key", "a dict key of tuples nested 5,000 deep",
      a ("}" ^ String.make 5000 '(' ^ String.make 5000 't' ^ "Ns"), Some "a dict key nested more than 1000 deep");
    ("self_list", "a list appended to itself", a "]q\000h\000a", Some "archive/data.pkl: an object that holds itself");
    ("self_dict", "a dict holding itself", a "}q\000Nh\000s", Some "archive/data.pkl: an object that holds itself");
    ("shared_dag", "a tuple of itself twice, 60 times (2^60 paths)",
      a (")" ^ String.concat "" (List.init 60 (fun _ -> "q\000h\000\x86"))), None);
    ("memo_missing", "BINGET 5, never put", a "h\005", Some "(BINGET): memo entry 5 was never stored");
    ("memo_huge_get", "LONG_BINGET 2^32 - 1", a "j\255\255\255\255", Some "memo entry 4294967295 was never stored");
    ("memo_huge_put", "LONG_BINPUT 2^32 - 1 then its LONG_BINGET", a "Nr\255\255\255\255j\255\255\255\2550", None);
    ("memo_empty_stack", "BINPUT on an empty stack", a "q\000", Some "(BINPUT): the stack is empty");
    ("unicode_past_end", "BINUNICODE of 2^31 - 1 bytes", a "X\255\255\255\127abc",
      Some "(BINUNICODE): BINUNICODE of 2147483647 bytes runs past the end of the pickle (4 bytes remain)");
    ("unicode8_past_end", "BINUNICODE8 of 2^61 bytes", a ("\x8d" ^ le (1 lsl 61) 8),
      Some "BINUNICODE8 of 2305843009213693952 bytes runs past the end");
    ("unicode8_2^63", "BINUNICODE8 of 2^63 bytes", a ("\x8d" ^ "\000\000\000\000\000\000\000\x80"),
      Some "(BINUNICODE8): a length of 2^62 or more, past any file");
    ("bytes8_past_end", "BINBYTES8 of 2^40 bytes", a ("\x8e" ^ le (1 lsl 40) 8), Some "runs past the end");
    ("long4_past_end", "LONG4 of 2^31 - 1 bytes", a "\x8b\255\255\255\127", Some "runs past the end of the pickle");
    ("long4_negative", "LONG4 of length -1", a "\x8b\255\255\255\255", Some "a LONG4 of negative length");
    ("frame_past_end", "FRAME of 2^40 bytes", archive ~pkl:("\x80\x04\x95" ^ le (1 lsl 40) 8 ^ "N.") (),
      Some "a frame of 1099511627776 bytes runs past the end");
    ("global_no_newline", "GLOBAL without its newline", a "ctorch\nfloat32", Some "a global's name runs past the end");
    ("no_stop", "no STOP", archive ~pkl:"\x80\x02N" (), Some "archive/data.pkl at byte 3: the pickle ends before its STOP");
    ("empty_pickle", "data.pkl of no bytes", archive ~pkl:"" (), Some "at byte 0: the pickle ends before its STOP");
    ("stack_empty_reduce", "REDUCE on an empty stack", a "R", Some "(REDUCE): the stack is empty");
    ("no_mark", "TUPLE without MARK", a "Nt", Some "(TUPLE): no MARK before it");
    ("protocol_6", "PROTO 6", archive ~pkl:"\x80\x06N." (), Some "pickle protocol 6: 2 to 5 are read");
    ("list_key", "a list as a dict key", a "}]Ns", Some "a list as a dict key");
    ("tensor_key", "a tensor as a dict key", a ("}" ^ tensor () ^ "Ns"), Some "a tensor as a dict key");
    ("not_utf8", "a string \\xff", a "X\001\000\000\000\255", Some "a string is not UTF-8");
    ("surrogate", "a string of an encoded surrogate", a "X\003\000\000\000\xed\xa0\x80", Some "not UTF-8");
    ("append_to_dict", "APPEND to a dict", a "}Na", Some "APPEND to a dict, not a list");
    ("setitem_on_list", "SETITEM on a list", a "]NNs", Some "SETITEM on a list, not a dict");
    ("setitems_odd", "SETITEMS of 3 items", a "}(NNNu", Some "an odd number of items");
    ("codecs_utf16", "_codecs.encode to utf-16", a (g "_codecs" "encode" ^ tup [ u "a"; u "utf-16" ] ^ "R"),
      Some "_codecs.encode to \"utf-16\": only latin1 is read");
    ("codecs_past_latin1", "_codecs.encode of U+0100", a (g "_codecs" "encode" ^ tup [ u "\xc4\x80"; u "latin1" ] ^ "R"),
      Some "a character past latin-1 (U+0100)");
    ("overlapping_records", "data.pkl's sizes grown into the next record", overlapping (),
      Some "overlap");
    ("bad_crc", "data.pkl's last byte changed", bad_crc (), Some "CRC-32");
    ("byteorder_middle", "byteorder middle", archive ~byteorder:"middle" (), Some "archive/byteorder is \"middle\"");
    ("version_99", "version 99", zip (List.map (fun (n, d) -> if n = "archive/version" then (n, "99\n") else (n, d)) (records ())),
      Some "archive/version is \"99\\n\": versions 1 to 10 are read");
    ("version_10", "version 10", zip (List.map (fun (n, d) -> if n = "archive/version" then (n, "10") else (n, d)) (records ())), None);
    ("version_1", "version 1", zip (List.map (fun (n, d) -> if n = "archive/version" then (n, "1\n") else (n, d)) (records ())), None);
    ("version_0", "version 0", zip (List.map (fun (n, d) -> if n = "archive/version" then (n, "0\n") else (n, d)) (records ())),
      Some "archive/version is \"0\\n\": versions 1 to 10 are read");
    ("version_11", "version 11", zip (List.map (fun (n, d) -> if n = "archive/version" then (n, "11") else (n, d)) (records ())),
      Some "archive/version is \"11\": versions 1 to 10 are read");
    ("no_version", "no version record (torch.load refuses it too)", zip (List.filter (fun (n, _) -> n <> "archive/version") (records ())),
      Some "no archive/version record");
    ("data_version", "the version as .data/version", zip (List.map (fun (n, d) -> if n = "archive/version" then ("archive/.data/version", d) else (n, d)) (records ())), None);
    ("protocol_5", "PROTO 5", archive ~pkl:"\x80\x05N." (), None);
    ("torchscript", "a constants.pkl", archive ~extra:[ ("archive/constants.pkl", pkl "N") ] (),
      Some "a TorchScript archive");
    ("no_data_pkl", "no data.pkl", zip (List.tl (records ())), Some "no archive/data.pkl");
    ("no_directory", "a first record data.pkl", zip (("data.pkl", good_pkl) :: records ()),
      Some "its first record \"data.pkl\" is not in a directory");
    ("other_archive_name", "records under model/", zip (List.map (fun (n, d) -> ("model/" ^ String.sub n 8 (String.length n - 8), d)) (records ())), None);
    ("empty_zip", "a zip of no records", zip [], Some "not a PyTorch file");
    ("not_torch", "hello", "hello", Some "not a PyTorch file");
    ("legacy_magic", "legacy, magic 1", legacy ~magic:(pkl (k 1)) (), Some "not a PyTorch file");
    ("legacy_protocol", "legacy, protocol 1000", legacy ~protocol:(pkl "M\xe8\x03") (),
      Some "the legacy format's protocol version is 1000, not 1001");
    ("legacy_big_endian", "legacy, little_endian False", legacy ~little:"\x89" (),
      Some "a legacy file written on a big-endian machine");
    ("legacy_count", "legacy, 5 elements written", legacy ~count:5 (),
      Some "storage \"k1\": 5 elements in the file, 6 in its persistent id");
    ("legacy_short", "legacy, 20 of 24 bytes", legacy ~data:(String.sub floats 0 20) (),
      Some "its 24 bytes at byte");
    ("legacy_trailing", "legacy, bytes after the storages (torch reads none)", legacy () ^ "xyz", None);
    ("zip_trailing", "an archive, bytes after its end (torch reads it)", archive () ^ "xyz", None);
    ("legacy_key_unknown", "legacy, keys [k2]", legacy ~keys:(pkl ("](" ^ u "k2" ^ "e")) (),
      Some "storage key \"k2\" is in no persistent id");
    ("legacy_key_twice", "legacy, keys [k1, k1]", legacy ~keys:(pkl ("](" ^ u "k1" ^ u "k1" ^ "e")) (),
      Some "storage key \"k1\" twice");
    ("legacy_key_missing", "legacy, keys []", legacy ~keys:(pkl "]") ~count:0 ~data:"" (),
      Some "storage \"k1\" has no bytes in the file");
    ("legacy_system", "legacy, os.system in the object", legacy ~obj:(pkl (g "posix" "system" ^ tup [ u "id" ] ^ "R")) (),
      Some "the object's pickle at byte 2 (GLOBAL): the global posix.system");
    ("legacy_pid_in_keys", "legacy, a persistent id in the keys' pickle", legacy ~keys:(pkl (pid ())) (),
      Some "a persistent id outside the object");
    ("tar_good", "the tar format of torch before 0.4", tar_model (), None);
    ("tar_persid", "tar, the tensor's persistent id by PERSID", tar_model ~pickle:(pkl (dict [ ("w", "P9\n") ])) (), None);
    ("tar_last_pickle", "tar, two members pickle: the last is read",
      tar_model ~extra:[ ("pickle", pkl (dict [ ("v", u "9" ^ "Q") ])) ] (), None);
    ("tar_view", "tar, a tensor over a storage view of elements 2 to 4",
      tar_model ~storages:(tar_storages ~views:("](" ^ tar_view ^ "e") ())
        ~tensors:(tar_tensors ~tensors:[ tar_tensor ~storage:(k 8) ~ndim:1 ~size:[ 3 ] ~stride:[ 1 ] () ] ()) (),
      None);
    ("tar_view_past", "tar, a view of elements 4 to 6 of 6",
      tar_model ~storages:(tar_storages ~views:("](" ^ tup [ k 8; k 7; k 4; k 3 ] ^ "e") ()) (),
      Some "a view of 3 elements from element 4 of storage 7, which has 6");
    ("tar_view_of_nothing", "tar, a view of storage 5, not there",
      tar_model ~storages:(tar_storages ~views:("](" ^ tup [ k 8; k 5; k 0; k 1 ] ^ "e") ()) (),
      Some "a view of storage 5, which is not in it");
    ("tar_storage_twice", "tar, storage 7 twice",
      tar_model ~storages:(pkl (k 2) ^ String.concat "" (List.init 2 (fun _ -> pkl (tup [ k 7; u "cpu"; g "torch" "FloatStorage" ]) ^ le 6 8 ^ floats)) ^ pkl "]") (),
      Some "storage 7 twice");
    ("tar_storage_short", "tar, 6 elements announced, 5 there",
      tar_model ~storages:(pkl (k 1) ^ pkl (tup [ k 7; u "cpu"; g "torch" "FloatStorage" ]) ^ le 6 8 ^ String.sub floats 0 20) (),
      Some "storage 7's 6 elements of 4 bytes run past its end");
    ("tar_storage_count_huge", "tar, a count of 2^40 storages",
      tar_model ~storages:(tar_storages ~count:(long (1 lsl 40)) ()) (), Some "the tar member storages: a storage is a list, not (key, location, class)");
    ("tar_quantized", "tar, a storage of torch.QInt8Storage",
      tar_model ~storages:(tar_storages ~storage:(tup [ k 7; u "cpu"; g "torch" "QInt8Storage" ]) ()) (),
      Some "quantized storages are not read");
    ("tar_storage_class", "tar, a storage of the class os.system",
      tar_model ~storages:(tar_storages ~storage:(tup [ k 7; u "cpu"; g "os" "system" ]) ()) (),
      Some "the global os.system");
    ("tar_tensor_past", "tar, a tensor of 3 x 3 over 6 elements",
      tar_model ~tensors:(tar_tensors ~tensors:[ tar_tensor ~size:[ 3; 3 ] () ] ()) (),
      Some "reaches element 8 of its storage \"7\", which has 6");
    ("tar_tensor_negative_offset", "tar, a tensor at offset -1",
      tar_model ~tensors:(tar_tensors ~tensors:[ tar_tensor ~offset:(-1) () ] ()) (),
      Some "tensor 9's storage offset is negative or past any file");
    ("tar_tensor_ndim", "tar, a tensor of 100000 dimensions",
      tar_model ~tensors:(tar_tensors ~tensors:[ tar_tensor ~ndim:100000 () ] ()) (),
      Some "tensor 9 has 100000 dimensions");
    ("tar_tensor_short", "tar, a tensor's stride past the member's end",
      tar_model ~tensors:(String.sub (tar_tensors ()) 0 (String.length (tar_tensors ()) - 12)) (),
      Some "runs past its end");
    ("tar_tensor_storage", "tar, a tensor of storage 3, not there",
      tar_model ~tensors:(tar_tensors ~tensors:[ tar_tensor ~storage:(k 3) () ] ()) (),
      Some "tensor 9's storage 3 is not in the member storages");
    ("tar_tensor_twice", "tar, tensor 9 twice",
      tar_model ~tensors:(tar_tensors ~count:(k 2) ~tensors:[ tar_tensor (); tar_tensor () ] ()) (),
      Some "tensor 9 twice");
    ("tar_pid_unknown", "tar, a persistent id 10 of no tensor",
      tar_model ~pickle:(pkl (dict [ ("w", u "10" ^ "Q") ])) (), Some "a persistent id \"10\" that names no tensor or storage");
    ("tar_pid_module", "tar, a module class's persistent id",
      tar_model ~pickle:(pkl (dict [ ("m", tup [ k 1; "N"; "N" ] ^ "Q") ])) (), Some "a module's class");
    ("tar_system", "tar, os.system in the pickle",
      tar_model ~pickle:(pkl (g "posix" "system" ^ tup [ u "id" ] ^ "R")) (), Some "the tar member pickle: its pickle at byte 2 (GLOBAL): the global posix.system");
    ("tar_no_tensors", "tar, without the member tensors",
      tar [ ("pickle", tar_pickle); ("storages", tar_storages ()) ], Some "a tar archive without the member tensors");
    ("tar_member_dir", "tar, tensors a directory",
      tar_header ~kind:'5' "tensors" 0 ^ tar [ ("pickle", tar_pickle); ("storages", tar_storages ()) ],
      Some "its tar member tensors is of type '5', not a file");
    ("tar_bad_checksum", "tar, the second header's checksum wrong: the archive ends before it, as tarfile lists it",
      (let t = tar_model () in patch t 1024 (String.make 1 (Char.chr (Char.code t.[1024] lxor 1)))),
      Some "a tar archive without the member storages");
    ("tar_junk_after", "tar, a block of junk after its members (tarfile stops there)",
      (let t = tar_model () in String.sub t 0 (String.length t - 1024) ^ String.make 512 'j'), None);
    ("tar_no_end", "tar, without its two zero blocks", (let t = tar_model () in String.sub t 0 (String.length t - 1024)), None);
    ("tar_member_past_end", "tar, the member storages of 1 MB in a file of 4 KB",
      tar_member ("pickle", tar_pickle) ^ tar_member ("tensors", tar_tensors ()) ^ tar_member ~size:1_000_000 ("storages", tar_storages ()),
      Some "the tar member storages at byte 2048: its 1000000 bytes run past the end of the file (3072 bytes)");
    ("tar_pax_size", "tar, a PAX header giving the member storages 1 MB",
      tar_member ("pickle", tar_pickle) ^ tar_member ("tensors", tar_tensors ())
      ^ tar_member ~kind:'x' ("././@PaxHeader", "16 size=1000000\n") ^ tar_member ("storages", tar_storages ()),
      Some "the tar member storages at byte 3072: its 1000000 bytes run past the end");
    ("tar_pax_path", "tar, a PAX header naming the next member pickle",
      tar_member ~kind:'x' ("././@PaxHeader", "15 path=pickle\n")
      ^ tar [ ("other", tar_pickle); ("tensors", tar_tensors ()); ("storages", tar_storages ()) ], None);
    ("tar_pax_bad", "tar, a PAX record of length 99 in 16 bytes",
      tar_member ~kind:'x' ("././@PaxHeader", "99 size=1000000\n") ^ tar_model (), Some "a PAX header record of length 99");
    ("tar_pax_long_length", "tar, a PAX record's length of 20 digits",
      tar_member ~kind:'x' ("././@PaxHeader", "99999999999999999999 size=1\n") ^ tar_model (),
      Some "a malformed PAX header record at byte 512");
    ("tar_header_cut", "tar, the second header cut at 300 bytes: the archive ends before it",
      (let t = tar_model () in String.sub t 0 (512 + 512 + 300)), Some "a tar archive without the member storages") ]

let tmp = Filename.get_temp_dir_name ()

let () =
  List.iter
    (fun (name, what, bytes, want) ->
      let judge how got =
        match got, want with
        | Ok _, None -> check true "%s" name
        | Ok _, Some frag -> check false "%s (%s, %s): read; expected %S" name what how frag
        | Error m, None -> check false "%s (%s, %s): refused: %s" name what how m
        | Error m, Some frag -> check (contains m frag && m <> "") "%s (%s, %s): %S not in %s" name what how frag m
        | exception e -> check false "%s (%s, %s): raised %s" name what how (Printexc.to_string e)
      in
      if Sys.getenv_opt "NX_TORCH_SHOW" <> None then (match T.of_string bytes with Error m -> Printf.printf "%-28s %s\n" name m | Ok _ -> Printf.printf "%-28s read\n" name);
      judge "of_string" (T.of_string bytes);
      let path = Filename.concat tmp (Printf.sprintf "nx_torch_%d_%s.pt" (Unix.getpid ()) name) in
      Out_channel.with_open_bin path (fun oc -> output_string oc bytes);
      List.iter
        (fun (how, read) ->
          let got = read path in
          judge how got;
          match got with
          | Error m ->
              check (String.starts_with ~prefix:(path ^ ": ") m) "%s (%s): does not start with its path: %s" name how m
          | Ok _ -> ())
        [ ("map_file", T.map_file); ("read_file", T.read_file) ];
      (match Sys.getenv_opt "NX_TORCH_DUMP" with
       | Some dir ->
           Out_channel.with_open_bin (Filename.concat dir (name ^ ".pt")) (fun oc -> output_string oc bytes);
           Out_channel.with_open_gen [ Open_append; Open_creat ] 0o644 (Filename.concat dir "verdicts.txt")
             (fun oc -> Printf.fprintf oc "%s\t%s\n" name (if want = None then "read" else "refused"))
       | None -> ());
      Sys.remove path)
    cases;
  (* A legacy view reads its root's elements from its offset. *)
  (match T.of_string (legacy ~obj:(pkl (dict [ ("w", tensor ~pid:legacy_view ~size:(tup [ k 3 ]) ~stride:(tup [ k 1 ]) ()) ])) ()) with
   | Ok c -> (
       match T.tensors c with
       | [ ("w", i) ] -> (
           match T.array c i with
           | Ok (T.Array arr) -> check (to_string arr = String.sub floats 8 12) "legacy view: its elements"
           | Error m -> check false "legacy view: %s" m)
       | _ -> check false "legacy view: one tensor")
   | Error m -> check false "legacy view: %s" m);
  (* Torch.sniff: every format's first bytes, the legacy magic in
     protocols 2 and 4 (framed), and what is none. *)
  let head s = String.sub s 0 (min (String.length s) T.sniff_bytes) in
  List.iter
    (fun (what, s, want) -> check (T.sniff (head s) = want) "sniff: %s" what)
    [ ("a zip archive", archive (), true); ("the legacy stream", legacy (), true);
      ("the legacy stream, protocol 4", legacy ~magic:("\x80\x04\x95" ^ le 13 8 ^ String.sub magic 2 (String.length magic - 2)) (), true);
      ("a tar archive", tar_model (), true); ("hello", "hello", false); ("empty", "", false);
      ("a pickle of 1", pkl (k 1), false); ("512 zero bytes", String.make 512 '\000', false);
      ("a .npy header", "\x93NUMPY\001\000v\000{'descr': '<f4'}", false) ];
  (* A tar storage view reads its root's elements from its offset. *)
  (match T.of_string (tar_model ~storages:(tar_storages ~views:("](" ^ tar_view ^ "e") ())
                        ~tensors:(tar_tensors ~tensors:[ tar_tensor ~storage:(k 8) ~ndim:1 ~size:[ 3 ] ~stride:[ 1 ] () ] ()) ()) with
   | Ok c -> (
       match T.tensors c with
       | [ ("w", i) ] -> (
           check (T.format c = T.Tar) "tar view: the format";
           match T.array c i with
           | Ok (T.Array arr) -> check (to_string arr = String.sub floats 8 12) "tar view: its elements"
           | Error m -> check false "tar view: %s" m)
       | _ -> check false "tar view: one tensor")
   | Error m -> check false "tar view: %s" m);
  (* Every truncation is refused, never raised. *)
  let truncations name s =
    let refused = ref 0 in
    for n = 0 to String.length s - 1 do
      match T.of_string (String.sub s 0 n) with
      | Ok _ -> check false "%s cut to %d bytes: read" name n
      | Error _ -> incr refused
      | exception e -> check false "%s cut to %d bytes: raised %s" name n (Printexc.to_string e)
    done;
    check (!refused = String.length s) "%s: %d of %d truncations refused" name !refused (String.length s)
  in
  List.iter (fun f -> truncations f (read f)) [ "zip_views.pt"; "legacy_views.pt"; "checkpoint.pt" ];
  (* A tar file cut anywhere before the end of its last member's bytes is
     refused; cut after it (in the padding and the zero blocks, which
     tarfile does not need), read. *)
  let tar_s = read "tar_views.pt" in
  let data_end =
    let rec last i = if tar_s.[i] <> '\000' then i + 1 else last (i - 1) in
    last (String.length tar_s - 1)
  in
  let tar_wrong = ref 0 in
  for n = 0 to String.length tar_s - 1 do
    match T.of_string (String.sub tar_s 0 n) with
    | Ok _ -> if n < data_end then incr tar_wrong
    | Error _ -> if n >= data_end then incr tar_wrong
    | exception e -> check false "tar_views.pt cut at %d: raised %s" n (Printexc.to_string e)
  done;
  check (!tar_wrong = 0) "tar_views.pt: %d of %d truncations judged otherwise than tarfile would" !tar_wrong
    (String.length tar_s);
  (* Every truncation of a data.pkl, in its archive. *)
  let z = match Zip.of_buffer (Private.buffer_of_string (read "zip_views.pt")) with Ok z -> z | Error m -> failwith m in
  let recs =
    Array.to_list (Array.map (fun e -> (e.Zip.name, Private.string_of_buffer (Zip.raw z e))) z.Zip.entries)
  in
  let pkl = List.assoc "zip_views/data.pkl" recs in
  let cut = ref 0 in
  for n = 0 to String.length pkl - 1 do
    let recs = List.map (fun (name, d) -> if name = "zip_views/data.pkl" then (name, String.sub pkl 0 n) else (name, d)) recs in
    match T.of_string (zip recs) with
    | Ok _ -> check false "data.pkl cut to %d bytes: read" n
    | Error m -> if contains m "data.pkl" then incr cut else check false "data.pkl cut to %d: %s" n m
    | exception e -> check false "data.pkl cut to %d bytes: raised %s" n (Printexc.to_string e)
  done;
  check (!cut = String.length pkl) "data.pkl: %d truncations refused" !cut;
  Check.finish "torch_hostile"
