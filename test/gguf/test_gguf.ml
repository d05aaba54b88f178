(* Nx_array.Gguf against gguf-py 0.19: the files its GGUFWriter wrote,
   read (mapped and into memory) to the version, alignment, metadata and
   tensors its GGUFReader reads (expected.txt); get_as's values of their
   block tensors and Block.load_gguf's of their Q8_0, Q4_0 and MXFP4
   ones, those of gguf-py's dequantize; every block type gguf-py
   dequantizes, on 4096 blocks each (dequantize.txt);
   every truncation of every file refused with an Error, never an
   exception (fuzz_gguf.ml mutates them). *)

open Nx_array
module G = Gguf

let check = Check.check

let lines file =
  In_channel.with_open_bin file In_channel.input_lines
  |> List.filter (fun l -> l <> "" && l.[0] <> '#')
  |> List.map (String.split_on_char '\t')

let md5 s = Digest.to_hex (Digest.string s)
let type_name = function
  | G.U8 -> "UINT8" | I8 -> "INT8" | U16 -> "UINT16" | I16 -> "INT16" | U32 -> "UINT32"
  | I32 -> "INT32" | F32 -> "FLOAT32" | Bool -> "BOOL" | String -> "STRING" | Array -> "ARRAY"
  | U64 -> "UINT64" | I64 -> "INT64" | F64 -> "FLOAT64"

(* A value as gen_files.py prints it: arrays flattened, as gguf-py's
   contents() gives them. *)
let rec show ~top = function
  | G.Int (_, i) -> string_of_int i
  | G.Int64 (G.U64, i) -> Printf.sprintf "%Lu" i
  | G.Int64 (_, i) -> Int64.to_string i
  | G.Float (_, x) -> hex x
  | G.Bool b -> if b then "true" else "false"
  | G.String s -> quote s
  | G.Array a ->
      let items = List.map (show ~top:false) (G.array_to_list a) in
      let flat = String.concat "," (List.filter (fun s -> s <> "") items) in
      if top then "[" ^ flat ^ "]" else flat

(* Python's float.hex. *)
and hex x =
  if x = 0. then (if 1. /. x < 0. then "-0x0.0p+0" else "0x0.0p+0")
  else
    let m, e = Float.frexp (Float.abs x) in
    let bits = Int64.of_float (Float.ldexp m 53) in
    (* m in [0.5, 1): 1.f x 2^(e-1) *)
    let frac = Int64.logand bits 0xFFFFFFFFFFFFFL in
    Printf.sprintf "%s0x1.%013Lxp%+d" (if x < 0. then "-" else "") frac (e - 1)

(* Python's repr of a str, for the strings of these files. *)
and quote s = "'" ^ s ^ "'"

let file_check name (g : G.t) expected =
  List.iter
    (function
      | [ "file"; n; version; alignment; data ] when n = name ->
          check (G.version g = int_of_string version) "%s: version %d" name (G.version g);
          check (G.alignment g = int_of_string alignment) "%s: alignment %d" name (G.alignment g);
          check (G.data_start g = int_of_string data) "%s: data start %d, expected %s" name
            (G.data_start g) data
      | [ "kv"; n; key; ty; v ] when n = name -> (
          match G.find g key with
          | None -> check false "%s: no key %s" name key
          | Some value ->
              let t =
                match value with
                | G.Int (t, _) | G.Int64 (t, _) | G.Float (t, _) -> t
                | G.Bool _ -> G.Bool | G.String _ -> G.String | G.Array _ -> G.Array
              in
              check (type_name t = ty) "%s: %s is %s, expected %s" name key (type_name t) ty;
              let got = show ~top:true value in
              check (got = v) "%s: %s = %s, expected %s" name key got v)
      | [ "tensor"; n; tname; ty; dims; offset; bytes; digest ] when n = name -> (
          match G.find_info g tname with
          | None -> check false "%s: no tensor %s" name tname
          | Some i ->
              let d = String.concat "x" (List.map string_of_int (Array.to_list i.dims)) in
              check (i.ggml_type.type_name = ty) "%s: %s is %s" name tname i.ggml_type.type_name;
              check (d = dims) "%s: %s dims %s, expected %s" name tname d dims;
              check (i.offset = int_of_string offset && i.bytes = int_of_string bytes)
                "%s: %s at %d, %d bytes" name tname i.offset i.bytes;
              let data =
                match G.get_tensor g tname with
                | G.Tensor a -> to_string a
                | G.Blocks b -> to_string b.data
              in
              check (md5 data = digest) "%s: %s's bytes" name tname)
      | [ "values"; n; tname; digest ] when n = name -> (
          (match G.get_as Dtype.Float32 g tname with
           | Ok a ->
               let got = md5 (to_string a) in
               check (got = digest) "%s: %s dequantized: MD5 %s, gguf-py's %s" name tname got digest
           | Error m -> check false "%s: %s: %s" name tname m);
          match Block.load_gguf Dtype.Float32 g tname with
          | Ok a -> check (md5 (to_string a) = digest) "%s: %s by Block" name tname
          | Error m ->
              (* The types Block has not (Q4_1, Q5_0, Q5_1, TQ1_0, TQ2_0):
                 refused, naming the tensor and its type. *)
              let ty = (Option.get (G.find_info g tname)).ggml_type.type_name in
              check
                (not (List.mem ty [ "Q8_0"; "Q4_0"; "MXFP4"; "NVFP4" ]))
                "%s: %s: %s" name tname m)
      | _ -> ())
    expected;
  (* The keys in the file's order, as gguf-py lists them. *)
  let keys = List.filter_map (function [ "kv"; n; k; _; _ ] when n = name -> Some k | _ -> None) expected in
  check (List.map fst (G.metadata g) = keys) "%s: keys in order" name

let read file = In_channel.with_open_bin file In_channel.input_all

let test_files () =
  let expected = lines "expected.txt" in
  List.iter
    (function
      | [ "file"; name; _; _; _ ] ->
          (match G.map_file name with
           | Ok g -> file_check name g expected
           | Error m -> check false "%s: %s" name m);
          (match G.read_file name with
           | Ok g -> file_check (name) g expected
           | Error m -> check false "%s read: %s" name m)
      | _ -> ())
    expected

(* Every prefix of every file is refused with an Error, or, if it cuts
   only the padding after the last byte anything needs (a file without
   tensors ends with the padding before its empty data section), read as
   the whole file is. *)
let shown g = List.map (fun (k, v) -> (k, show ~top:true v)) (G.metadata g)

let test_truncations () =
  List.iter
    (fun name ->
      let s = read name in
      let whole = Result.get_ok (G.of_string s) in
      let last =
        List.fold_left (fun m (i : G.info) -> max m (G.data_start whole + i.offset + i.bytes)) 0
          (G.tensors whole)
      in
      for n = 0 to String.length s - 1 do
        match G.of_string (String.sub s 0 n) with
        | Ok g ->
            check
              (n >= last && shown g = shown whole && G.tensors g = G.tensors whole)
              "%s cut to %d bytes: read, not as the whole file" name n
        | Error _ -> check (n < String.length s) ""
        | exception e -> check false "%s cut to %d: %s" name n (Printexc.to_string e)
      done)
    [ "meta.gguf"; "plain.gguf"; "blocks.gguf" ]

(* Counts the file cannot back are refused before anything of their size
   is made, and the other refusals say what is wrong. *)
let test_refusals () =
  let le64 n = String.init 8 (fun i -> Char.chr ((n lsr (8 * i)) land 255)) in
  let le32 n = String.sub (le64 n) 0 4 in
  let header ?(version = 3) nt nkv = "GGUF" ^ le32 version ^ le64 nt ^ le64 nkv in
  let refused what s sub =
    match G.of_string s with
    | Ok _ -> check false "%s: read" what
    | Error m ->
        let has =
          let n = String.length sub in
          let rec go i = i + n <= String.length m && (String.sub m i n = sub || go (i + 1)) in
          go 0
        in
        check has "%s: %S does not say %S" what m sub
  in
  refused "magic" "GGUG\003\000\000\000" "not a GGUF file";
  refused "version 1" (header ~version:1 0 0) "version 1";
  refused "big-endian" ("GGUF\000\000\000\003" ^ le64 0 ^ le64 0) "big-endian";
  refused "2^40 tensors" (header (1 lsl 40) 0) "the tensor count";
  refused "2^40 keys" (header 0 (1 lsl 40)) "the metadata count";
  let kv key ty v = le64 (String.length key) ^ key ^ le32 ty ^ v in
  refused "a string of 2^50" (header 0 1 ^ kv "k" 8 (le64 (1 lsl 50))) "length";
  refused "an array of 2^50 u32" (header 0 1 ^ kv "k" 9 (le32 4 ^ le64 (1 lsl 50))) "length";
  refused "value type 13" (header 0 1 ^ kv "k" 13 "") "unknown value type 13";
  refused "bool 2" (header 0 1 ^ kv "k" 7 "\002") "a bool of 2";
  refused "key twice" (header 0 2 ^ kv "k" 0 "\001" ^ kv "k" 0 "\002") "appears twice";
  refused "bool 2 in an array" (header 0 1 ^ kv "k" 9 (le32 7 ^ le64 2 ^ "\001\002")) "a bool of 2";
  refused "alignment 24" (header 0 1 ^ kv "general.alignment" 4 (le32 24)) "not a power of two";
  refused "alignment u64" (header 0 1 ^ kv "general.alignment" 10 (le64 32)) "not a u32";
  let nested depth =
    let rec go d = if d = 0 then le32 0 ^ le64 0 else le32 9 ^ le64 1 ^ go (d - 1) in
    header 0 1 ^ kv "k" 9 (go depth)
  in
  check (Result.is_ok (G.of_string (nested 60))) "arrays 61 deep";
  refused "arrays 70 deep" (nested 70) "nested more than 64";
  let info name dims ty off =
    le64 (String.length name) ^ name ^ le32 (List.length dims)
    ^ String.concat "" (List.map le64 dims) ^ le32 ty ^ le64 off
  in
  let pad s = s ^ String.make ((32 - (String.length s mod 32)) mod 32) '\000' in
  refused "5 dimensions" (header 1 0 ^ info "t" [ 1; 1; 1; 1; 1 ] 0 0) "5 dimensions";
  refused "ggml type 4" (header 1 0 ^ info "t" [ 32 ] 4 0) "unknown ggml type 4";
  refused "Q8_0 row of 31" (header 1 0 ^ info "t" [ 31 ] 8 0) "not whole Q8_0 blocks";
  refused "offset 8" (pad (header 1 0 ^ info "t" [ 1 ] 0 8) ^ String.make 64 '\000') "multiple of the alignment";
  refused "past the end" (pad (header 1 0 ^ info "t" [ 16 ] 0 0) ^ String.make 32 '\000') "run past the end";
  refused "tensor twice"
    (pad (header 2 0 ^ info "t" [ 1 ] 0 0 ^ info "t" [ 1 ] 0 32) ^ String.make 64 '\000')
    "appears twice";
  refused "size overflow" (header 1 0 ^ info "t" [ 1 lsl 40; 1 lsl 40 ] 0 0) "overflows";
  (* The smallest file: no tensor, no key. *)
  check (Result.is_ok (G.of_string (header 0 0))) "an empty GGUF file"

(* The writer: a file's metadata and tensors, written again, are its
   bytes (gguf-py's writer wrote them), to a string and to a file; made
   values (array) write as read ones; its refusals. *)
let test_writer () =
  List.iter
    (fun name ->
      let s = read name in
      let g = Result.get_ok (G.of_string s) in
      let tensors = List.map (fun (i : G.info) -> (i.name, G.get_tensor g i.name)) (G.tensors g) in
      let again = G.to_string ~metadata:(G.metadata g) tensors in
      check (again = s) "%s written again: %d bytes, not its %d" name (String.length again)
        (String.length s);
      let out = Filename.temp_file "gguf" ".gguf" in
      (match G.write_file out ~metadata:(G.metadata g) tensors with
       | Ok () -> check (read out = s) "%s written to a file" name
       | Error m -> check false "%s: %s" name m);
      Sys.remove out)
    [ "meta.gguf"; "plain.gguf"; "blocks.gguf"; "aligned64.gguf" ];
  (* Values made here, written and read back. *)
  let made =
    [ ("a.u8", G.Int (G.U8, 255)); ("a.i64", G.Int64 (G.I64, -5L));
      ("a.f32", G.Float (G.F32, 0.5)); ("a.f32r", G.Float (G.F32, 0.1)); ("a.s", G.String "x");
      ("a.list", G.Array (G.array G.String [ G.String "p"; G.String "" ]));
      ("a.nested", G.Array (G.array G.Array [ G.Array (G.array G.I8 [ G.Int (G.I8, -1) ]) ])) ]
  in
  let w = of_array Dtype.Bfloat16 [| 2; 3 |] [| 1.; 2.; 3.; 4.; 5.; 6. |] in
  (match G.of_string (G.to_string ~metadata:made [ ("w", G.Tensor w) ]) with
   | Error m -> check false "made values: %s" m
   | Ok g ->
       let shown l = List.filter_map (fun (k, v) -> if k = "a.f32r" then None else Some (k, show ~top:true v)) l in
       check (shown (G.metadata g) = shown made) "made values read back";
       check (G.find_float g "a.f32r" = Some (Int32.float_of_bits (Int32.bits_of_float 0.1)))
         "an F32 value rounded to float32";
       match G.get_tensor g "w" with
       | G.Tensor a -> check (to_string a = to_string w && dims a = [| 2; 3 |]) "bf16 tensor"
       | G.Blocks _ -> check false "bf16 tensor as blocks");
  let refused what f =
    match f () with
    | _ -> check false "%s: written" what
    | exception Invalid_argument _ -> check true ""
  in
  let t = G.Tensor (of_array Dtype.Float32 [| 2 |] [| 1.; 2. |]) in
  refused "key twice" (fun () -> G.to_string ~metadata:[ ("k", G.Bool true); ("k", G.Bool false) ] []);
  refused "u8 256" (fun () -> G.to_string ~metadata:[ ("k", G.Int (G.U8, 256)) ] []);
  refused "Int of U64" (fun () -> G.to_string ~metadata:[ ("k", G.Int (G.U64, 1)) ] []);
  refused "alignment 3" (fun () -> G.to_string ~metadata:[ ("general.alignment", G.Int (G.U32, 3)) ] []);
  refused "mixed array" (fun () -> G.array G.U8 [ G.Int (G.U8, 1); G.Int (G.I8, 1) ]);
  refused "tensor twice" (fun () -> G.to_string ~metadata:[] [ ("t", t); ("t", t) ]);
  refused "uint16 tensor" (fun () ->
      G.to_string ~metadata:[] [ ("t", G.Tensor (create Dtype.Uint16 [| 2 |])) ]);
  refused "5 dimensions" (fun () ->
      G.to_string ~metadata:[] [ ("t", G.Tensor (create Dtype.Float32 [| 1; 1; 1; 1; 1 |])) ]);
  let q8 = Option.get (G.ggml_type_of_name "Q8_0") in
  refused "Q8_0 of 33 bytes" (fun () ->
      G.to_string ~metadata:[]
        [ ("t", G.Blocks { ggml_type = q8; dims = [| 32 |]; data = create Dtype.Uint8 [| 33 |] }) ]);
  refused "a forged ggml type" (fun () ->
      G.to_string ~metadata:[]
        [ ("t", G.Blocks { ggml_type = { q8 with id = 99 }; dims = [| 32 |]; data = create Dtype.Uint8 [| 34 |] }) ]);
  refused "Q8_0 rows of 16" (fun () ->
      G.to_string ~metadata:[]
        [ ("t", G.Blocks { ggml_type = q8; dims = [| 16 |]; data = create Dtype.Uint8 [| 34 |] }) ])

(* The blocks of gen_dequantize.py: zeros, 0xff, then the bytes of the
   splitmix64 stream seeded with the type's id, each word little-endian. *)
let splitmix64_bytes seed n =
  let b = Bytes.create n and s = ref seed and i = ref 0 in
  let mix z k m = Int64.mul (Int64.logxor z (Int64.shift_right_logical z k)) m in
  while !i < n do
    s := Int64.add !s 0x9E3779B97F4A7C15L;
    let z = mix (mix !s 30 0xBF58476D1CE4E5B9L) 27 0x94D049BB133111EBL in
    let z = Int64.logxor z (Int64.shift_right_logical z 31) in
    for k = 0 to min 7 (n - !i - 1) do
      Bytes.set b (!i + k) (Char.chr (Int64.to_int (Int64.logand (Int64.shift_right_logical z (8 * k)) 0xffL)))
    done;
    i := !i + 8
  done;
  Bytes.to_string b

(* A file of one block tensor "t" of [ty] over the bytes [src]. *)
let blocks_file (ty : G.ggml_type) src =
  let n = String.length src / ty.type_size * ty.block_size in
  let data = of_string Dtype.Uint8 [| String.length src |] src in
  Result.get_ok
    (G.of_string (G.to_string ~metadata:[] [ ("t", G.Blocks { ggml_type = ty; dims = [| n |]; data }) ]))

(* Every block type gguf-py dequantizes, by get_as, bit for bit against
   gguf-py's float32 values, and Q1_0 and Q2_0 (which gguf-py lacks)
   against llama.cpp's to_float (dequantize.txt: the MD5s of 512 blocks at a
   time); into float64, float16, bfloat16, float8_e4m3fn and
   float4_e2m1fn, the float32 values cast. The others refused by name. *)
let test_dequantize () =
  let expected = lines "dequantize.txt" in
  let names =
    List.sort_uniq compare (List.filter_map (function [ "dequantize"; t; _; _; _; _ ] -> Some t | _ -> None) expected)
  in
  check (List.length names = 25) "dequantize.txt: %d types" (List.length names);
  List.iter
    (fun name ->
      let ty = Option.get (G.ggml_type_of_name name) in
      let chunks =
        List.filter_map
          (function
            | [ "dequantize"; t; id; first; count; digest ] when t = name ->
                check (int_of_string id = ty.id) "%s: id %s" name id;
                Some (int_of_string first, int_of_string count, digest)
            | _ -> None)
          expected
      in
      let blocks = List.fold_left (fun m (f, c, _) -> max m (f + c)) 0 chunks in
      let size = ty.type_size in
      let src =
        String.make size '\000' ^ String.make size '\xff'
        ^ splitmix64_bytes (Int64.of_int ty.id) ((blocks - 2) * size)
      in
      let g = blocks_file ty src in
      match G.get_as Dtype.Float32 g "t" with
      | Error m -> check false "%s: %s" name m
      | Ok a ->
          let s = to_string a and per = 4 * ty.block_size in
          check (String.length s = blocks * per) "%s: %d bytes" name (String.length s);
          List.iter
            (fun (first, count, digest) ->
              let got = md5 (String.sub s (first * per) (count * per)) in
              check (got = digest) "%s: blocks %d to %d: MD5 %s, gguf-py's %s" name first
                (first + count - 1) got digest)
            chunks;
          let same_as (type s) (dt : (float, s) Dtype.t) =
            match G.get_as dt g "t" with
            | Ok b -> check (to_string b = to_string (cast dt a)) "%s into %s" name (Dtype.name dt)
            | Error m -> check false "%s into %s: %s" name (Dtype.name dt) m
          in
          same_as Dtype.Float64;
          same_as Dtype.Float16;
          same_as Dtype.Bfloat16;
          same_as Dtype.Float4_e2m1fn;
          (* Three blocks fewer: the narrower get_as's last chunk is a
             part of one. *)
          let g = blocks_file ty (String.sub src 0 ((blocks - 3) * size)) in
          match G.get_as Dtype.Float32 g "t", G.get_as Dtype.Float8_e4m3fn g "t" with
          | Ok a, Ok b ->
              check (to_string b = to_string (cast Dtype.Float8_e4m3fn a)) "%s, %d blocks, into float8_e4m3fn"
                name (blocks - 3)
          | Error m, _ | _, Error m -> check false "%s, %d blocks: %s" name (blocks - 3) m)
    names;
  List.iter
    (fun name ->
      let ty = Option.get (G.ggml_type_of_name name) in
      let g = blocks_file ty (String.make ty.type_size '\000') in
      match G.get_as Dtype.Float32 g "t" with
      | Ok _ -> check false "%s dequantized" name
      | Error m ->
          let has s sub =
            let n = String.length sub in
            let rec go i = i + n <= String.length s && (String.sub s i n = sub || go (i + 1)) in
            go 0
          in
          check (has m name) "%s refused: %s" name m)
    [ "Q8_1"; "Q8_K" ]

(* Split models: gguf-py's split mode wrote the shards of "split" lines
   from the tensors of a file (and meta.gguf's metadata); write_split of
   the same, with the same limits, is the same files byte for byte, and
   Model.open_ of any shard (mapped and read) is the source's tensors
   and metadata. *)
let shown_tensor t =
  match t with G.Tensor a -> md5 (to_string a) | G.Blocks b -> md5 (to_string b.data)

let test_splits () =
  let expected = lines "expected.txt" in
  let dir = Filename.temp_dir "gguf" "split" in
  let splits =
    List.filter_map
      (function
        | "split" :: name :: source :: mt :: mb :: small :: meta :: shards ->
            Some (name, source, int_of_string mt, int_of_string mb, small = "true", meta = "true", shards)
        | _ -> None)
      expected
  in
  check (List.length splits = 3) "expected.txt: %d splits" (List.length splits);
  List.iter
    (fun (name, source, mt, mb, small, meta, shards) ->
      let src = Result.get_ok (G.map_file source) in
      let metadata = G.metadata (if meta then Result.get_ok (G.map_file "meta.gguf") else src) in
      let tensors = List.map (fun (i : G.info) -> (i.name, G.get_tensor src i.name)) (G.tensors src) in
      let opt n = if n = 0 then None else Some n in
      let layout = G.split_layout ?max_tensors:(opt mt) ?max_bytes:(opt mb) ~small_first_shard:small tensors in
      check (List.length layout = List.length shards) "%s: %d shards, gguf-py's %d" name
        (List.length layout) (List.length shards);
      (match
         G.write_split ?max_tensors:(opt mt) ?max_bytes:(opt mb) ~small_first_shard:small
           (Filename.concat dir name) ~metadata tensors
       with
       | Error m -> check false "%s: %s" name m
       | Ok written ->
           check (List.map Filename.basename written = shards) "%s: written as %s" name
             (String.concat " " (List.map Filename.basename written));
           List.iter2
             (fun w s ->
               check (read w = read s) "%s: %s is not gguf-py's" name s;
               Sys.remove w)
             written shards);
      List.iter
        (fun shard ->
          List.iter
            (fun read ->
              match G.Model.open_ ~read shard with
              | Error m -> check false "%s: %s" shard m
              | Ok m ->
                  check (List.map fst (G.Model.shards m) = shards) "%s: its shards" shard;
                  check
                    (List.map (fun (k, v) -> (k, show ~top:true v)) (G.Model.metadata m)
                     = List.map (fun (k, v) -> (k, show ~top:true v)) metadata)
                    "%s: the model's metadata" shard;
                  check (G.Model.find m "split.count" = None) "%s: split.count found" shard;
                  check
                    (List.map (fun (i : G.info) -> (i.name, i.dims, i.bytes)) (G.Model.tensors m)
                     = List.map (fun (i : G.info) -> (i.name, i.dims, i.bytes)) (G.tensors src))
                    "%s: the model's tensors" shard;
                  List.iter
                    (fun (n, t) ->
                      check (shown_tensor (G.Model.get_tensor m n) = shown_tensor t) "%s: %s's bytes"
                        shard n;
                      let holder = Option.get (G.Model.shard_of m n) in
                      check
                        (Option.is_some (G.find_info (List.assoc holder (G.Model.shards m)) n))
                        "%s: %s not in %s" shard n holder)
                    tensors;
                  List.iter
                    (fun (i : G.info) ->
                      match i.ggml_type.dtype, G.Model.get_as Dtype.Float32 m i.name, G.get_as Dtype.Float32 src i.name with
                      | _, Ok a, Ok b -> check (to_string a = to_string b) "%s: %s get_as" shard i.name
                      | _, Error _, Error _ -> ()
                      | _ -> check false "%s: %s get_as differs" shard i.name)
                    (G.tensors src))
            [ false; true ])
        shards)
    splits;
  (* A file of no split is a model of one file. *)
  (match G.Model.open_ "plain.gguf" with
   | Ok m -> check (List.map fst (G.Model.shards m) = [ "plain.gguf" ]) "plain.gguf: one shard"
   | Error m -> check false "plain.gguf: %s" m);
  (* A custom alignment is said by every shard (gguf-py's later shards
     lack it); a layout of one shard is the file itself; refusals. *)
  let src = Result.get_ok (G.map_file "aligned64.gguf") in
  let tensors = List.map (fun (i : G.info) -> (i.name, G.get_tensor src i.name)) (G.tensors src) in
  let path = Filename.concat dir "a64.gguf" in
  (match G.write_split ~max_tensors:2 path ~metadata:(G.metadata src) tensors with
   | Error m -> check false "a64: %s" m
   | Ok written ->
       check (List.length written = 5) "a64: %d shards" (List.length written);
       (match G.Model.open_ (List.nth written 3) with
        | Error m -> check false "a64: %s" m
        | Ok m ->
            List.iter
              (fun (_, g) -> check (G.alignment g = 64) "a64: a shard aligned to %d" (G.alignment g))
              (G.Model.shards m);
            List.iter
              (fun (n, t) -> check (shown_tensor (G.Model.get_tensor m n) = shown_tensor t) "a64: %s" n)
              tensors);
       List.iter Sys.remove written);
  (match G.write_split ~max_bytes:1_000_000 path ~metadata:(G.metadata src) tensors with
   | Ok [ p ] -> check (p = path && read p = read "aligned64.gguf") "one shard: the file itself"; Sys.remove p
   | Ok l -> check false "one shard: %d files" (List.length l)
   | Error m -> check false "one shard: %s" m);
  let refused what f =
    match f () with
    | _ -> check false "%s: written" what
    | exception Invalid_argument _ -> check true ""
  in
  refused "split.no in the metadata" (fun () ->
      G.write_split ~max_tensors:1 path ~metadata:[ ("split.no", G.Int (G.U16, 0)) ] tensors);
  refused "max_tensors 0" (fun () -> G.split_layout ~max_tensors:0 tensors);
  refused "max_bytes -1" (fun () -> G.split_layout ~max_bytes:(-1) tensors);
  (* A shard that cannot be written: nothing is left. *)
  let ro = Filename.concat dir "ro" in
  Unix.mkdir ro 0o755;
  let calls = ref 0 in
  let temp_file p =
    incr calls;
    if !calls = 3 then raise (Unix.Unix_error (Unix.EACCES, "open", p));
    let fd = Unix.openfile (p ^ ".tmp" ^ string_of_int !calls) [ Unix.O_WRONLY; Unix.O_CREAT ] 0o644 in
    (p ^ ".tmp" ^ string_of_int !calls, fd)
  in
  (match G.write_split ~temp_file ~max_tensors:2 (Filename.concat ro "x.gguf") ~metadata:[] tensors with
   | Ok _ -> check false "a failing shard: written"
   | Error m ->
       check (String.starts_with ~prefix:(Filename.concat ro "x.gguf") m) "a failing shard: %s" m;
       check (Sys.readdir ro = [||]) "a failing shard: %d files left" (Array.length (Sys.readdir ro)));
  Unix.rmdir ro;
  Unix.rmdir dir

(* Padding to a large alignment is written from a small buffer: writing
   a file aligned to 2^24 allocates far less than 2^24 bytes. *)
let test_large_alignment () =
  let a = 1 lsl 24 in
  let metadata = [ ("general.alignment", G.Int (G.U32, a)) ] in
  let t = G.Tensor (of_array Dtype.Float32 [| 2 |] [| 1.5; -2. |]) in
  let out = Filename.temp_file "gguf" ".gguf" in
  let before = Gc.allocated_bytes () in
  (match G.write_file out ~metadata [ ("w", t) ] with
   | Ok () -> ()
   | Error m -> check false "alignment 2^24: %s" m);
  let used = Gc.allocated_bytes () -. before in
  check (used < 1e6) "alignment 2^24: %.0f bytes allocated" used;
  (match G.map_file out with
   | Ok g ->
       check (G.data_start g = a && (Unix.stat out).st_size = 2 * a) "alignment 2^24: data at %d"
         (G.data_start g);
       check (G.get_as Dtype.Float32 g "w" |> Result.get_ok |> to_string = to_string (match t with G.Tensor x -> cast Dtype.Float32 x | _ -> assert false)) "alignment 2^24: w"
   | Error m -> check false "%s" m);
  Sys.remove out

let () =
  test_splits ();
  test_large_alignment ();
  test_dequantize ();
  test_files ();
  test_writer ();
  test_truncations ();
  test_refusals ();
  Check.finish "gguf"
