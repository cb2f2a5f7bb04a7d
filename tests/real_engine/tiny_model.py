"""Build the tiny random Llama the real-engine tests serve: `<engine python> tiny_model.py OUT_DIR`.

Runs with the CPU engine venv's interpreter (it has torch, tokenizers and transformers), never
with the app's. Everything is generated offline and deterministically (fixed seed); the test
fixtures cache the result under a hash of this file, so any change here rebuilds the model.
"""

from __future__ import annotations

import sys
from pathlib import Path

import torch
from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers
from transformers import LlamaConfig, LlamaForCausalLM, PreTrainedTokenizerFast

SEED = 1234
BOS, EOS, PAD = "<|begin_of_text|>", "<|end_of_text|>", "<|pad|>"
# Role markers are special tokens so a prompt tokenizes the same way however it is split.
ROLE_TOKENS = ("<|system|>", "<|user|>", "<|assistant|>", "<|end|>")
CHAT_TEMPLATE = (
    "{{ bos_token }}"
    "{% for message in messages %}"
    "<|{{ message['role'] }}|>{{ message['content'] }}<|end|>"
    "{% endfor %}"
    "{% if add_generation_prompt %}<|assistant|>{% endif %}"
)
TRAINING_TEXT = (
    "The quick brown fox jumps over the lazy dog.",
    "vLLM serves large language models with paged attention.",
    "A tray icon shows whether the model is loading, running or stopped.",
    "Hello! How can I help you today?",
    "Once upon a time there was a tiny model that only knew a few words.",
    "0123456789 + - * / = ( ) [ ] { } < > , . ; : ? ! ' \" \n",
)
# head_dim 64 on purpose: vLLM's CPU attention rejects small head sizes such as 16 at request
# time (the engine then dies), even though such a model loads.
CONFIG = {
    "hidden_size": 128,
    "num_attention_heads": 2,
    "num_key_value_heads": 1,
    "head_dim": 64,
    "num_hidden_layers": 2,
    "intermediate_size": 256,
    "max_position_embeddings": 2048,
    "rms_norm_eps": 1e-5,
    "tie_word_embeddings": False,
}


def build_tokenizer() -> PreTrainedTokenizerFast:
    """A byte-level BPE tokenizer trained in-process, so every byte sequence is encodable."""
    tokenizer = Tokenizer(models.BPE())
    tokenizer.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tokenizer.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(
        vocab_size=512,
        special_tokens=[BOS, EOS, PAD, *ROLE_TOKENS],
        initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
        show_progress=False,
    )
    tokenizer.train_from_iterator(TRAINING_TEXT, trainer=trainer)
    fast = PreTrainedTokenizerFast(
        tokenizer_object=tokenizer,
        bos_token=BOS,
        eos_token=EOS,
        pad_token=PAD,
        additional_special_tokens=list(ROLE_TOKENS),
        model_max_length=CONFIG["max_position_embeddings"],
    )
    fast.chat_template = CHAT_TEMPLATE
    return fast


def build(out_dir: Path) -> None:
    """Write config, safetensors weights, tokenizer and chat template into `out_dir`."""
    torch.manual_seed(SEED)
    tokenizer = build_tokenizer()
    config = LlamaConfig(
        vocab_size=len(tokenizer),
        bos_token_id=tokenizer.bos_token_id,
        eos_token_id=tokenizer.eos_token_id,
        pad_token_id=tokenizer.pad_token_id,
        **CONFIG,
    )
    model = LlamaForCausalLM(config).to(torch.float32)
    out_dir.mkdir(parents=True, exist_ok=True)
    model.save_pretrained(out_dir, safe_serialization=True)
    tokenizer.save_pretrained(out_dir)


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print(f"usage: {argv[0]} OUT_DIR", file=sys.stderr)
        return 2
    build(Path(argv[1]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
